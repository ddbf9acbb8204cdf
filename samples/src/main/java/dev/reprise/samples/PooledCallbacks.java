package dev.reprise.samples;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.pattern.Patterns;
import java.time.Duration;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;

/**
 * Work done outside any actor's turn, racing: tasks on a fixed thread pool, {@code CompletableFuture}
 * chains on a fork-join pool and on the default async pool, threads (and a virtual one) that
 * {@code main} starts, and callbacks of asks that create actors, ask again and draw random numbers. Every one of them creates actors, asks, sets timers and tells a console
 * actor, which prints what it gets in order; the lines name the actors and temp actors by their
 * paths, which come from their ids, and the random numbers drawn in callbacks. The first argument is the size of both pools, so a recording
 * made with one size can be replayed with another: the tasks then run on other threads, with other
 * names, in another order of thread start.
 */
public final class PooledCallbacks {
    private PooledCallbacks() {}

    static final int TASKS = 6;
    static final int CHAINS = 4;
    static final int THREADS = 2;
    static final int ASKS = 3;
    /**
     * Lines the console prints: per task 4, per chain 2, per thread 2 (a virtual one too), per ask
     * of the asker 3, and 1 for the task run on the default async pool.
     */
    public static final int LINES = TASKS * 4 + CHAINS * 2 + (THREADS + 1) * 2 + ASKS * 3 + 1;

    static final Duration TIMEOUT = Duration.ofSeconds(10);

    static final CompletableFuture<Void> done = new CompletableFuture<>();

    /** Prints each line it gets, numbered; ends the program after the last. */
    static final class Printer extends AbstractActor {
        private int lines;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, s -> {
                        System.out.println(++lines + ": " + s);
                        if (lines == LINES) {
                            done.complete(null);
                        }
                    })
                    .build();
        }
    }

    /** Answers an ask with the name of the temp actor that asked (a name made from its id). */
    static final class Echo extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(
                            String.class,
                            s -> getSender().tell(getSender().path().name() + " asked " + s, getSelf()))
                    .build();
        }
    }

    /** Made outside any actor's turn: tells the printer its own path. */
    static final class Helper extends AbstractActor {
        private final ActorRef printer;

        Helper(ActorRef printer) {
            this.printer = printer;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, s -> printer.tell(getSelf().path().name() + " greets " + s, getSelf()))
                    .build();
        }
    }

    /** Asks the echo in its turn; each answer's callback creates a helper and asks again. */
    static final class Asker extends AbstractActor {
        private final ActorRef echo;
        private final ActorRef printer;

        Asker(ActorRef echo, ActorRef printer) {
            this.echo = echo;
            this.printer = printer;
        }

        @Override
        public Receive createReceive() {
            ActorSystem system = getContext().getSystem();
            return receiveBuilder()
                    .matchEquals("go", m -> {
                        for (int k = 0; k < ASKS; k++) {
                            int n = k;
                            Patterns.ask(echo, "asker " + n, TIMEOUT).thenAccept(reply -> {
                                jitter();
                                helper(system, printer).tell("callback " + n, ActorRef.noSender());
                                Patterns.ask(echo, "nested " + n, TIMEOUT)
                                        .thenAccept(again ->
                                                printer.tell("nested ask " + n + ": " + again, ActorRef.noSender()));
                                // Random numbers in a callback: recorded, as in a turn.
                                printer.tell(
                                        "ask " + n + ": " + reply + ", lucky " + new Random().nextInt(1000),
                                        ActorRef.noSender());
                            });
                        }
                    })
                    .build();
        }
    }

    static ActorRef helper(ActorSystem system, ActorRef printer) {
        return system.actorOf(Props.create(Helper.class, () -> new Helper(printer)));
    }

    /** A short random pause outside any turn (not recorded: it only perturbs the schedule). */
    static void jitter() {
        try {
            Thread.sleep(new Random().nextInt(3));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public static void main(String[] args) throws Exception {
        int poolSize = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        ActorSystem system = ActorSystem.create("pooled");
        ActorRef printer = system.actorOf(Props.create(Printer.class, Printer::new), "printer");
        ActorRef echo = system.actorOf(Props.create(Echo.class, Echo::new), "echo");
        system.actorOf(Props.create(Asker.class, () -> new Asker(echo, printer)), "asker")
                .tell("go", ActorRef.noSender());

        ExecutorService pool = Executors.newFixedThreadPool(poolSize);
        for (int i = 0; i < TASKS; i++) {
            int task = i;
            Runnable work = () -> {
                jitter();
                printer.tell("task " + task + " says hello", ActorRef.noSender());
                helper(system, printer).tell("task " + task, ActorRef.noSender());
                Patterns.ask(echo, "task " + task, TIMEOUT)
                        .thenAccept(reply -> printer.tell("task " + task + ": " + reply, ActorRef.noSender()));
                system.scheduler()
                        .scheduleOnce(
                                Duration.ofMillis(20),
                                printer,
                                "timer of task " + task,
                                system.dispatcher(),
                                ActorRef.noSender());
            };
            if (task % 2 == 0) {
                pool.execute(work);
            } else {
                pool.submit(work); // through a FutureTask
            }
        }

        ForkJoinPool forkJoin = new ForkJoinPool(poolSize);
        for (int j = 0; j < CHAINS; j++) {
            int chain = j;
            CompletableFuture.supplyAsync(
                            () -> {
                                jitter();
                                helper(system, printer).tell("chain " + chain, ActorRef.noSender());
                                return chain * chain;
                            },
                            forkJoin)
                    .thenApplyAsync(v -> v + 1, forkJoin)
                    .thenAccept(v -> printer.tell(
                            "chain " + chain + " gives " + v + ", " + UUID.randomUUID(), ActorRef.noSender()));
        }

        for (int t = 0; t <= THREADS; t++) {
            int thread = t;
            Runnable hello = () -> {
                jitter();
                printer.tell("thread " + thread + " says hello", ActorRef.noSender());
                helper(system, printer).tell("thread " + thread, ActorRef.noSender());
            };
            if (t < THREADS) {
                new Thread(hello).start();
            } else {
                Thread.ofVirtual().start(hello);
            }
        }
        CompletableFuture.runAsync(() -> helper(system, printer).tell("the default async pool", ActorRef.noSender()));

        done.get(30, TimeUnit.SECONDS);
        Thread.sleep(100);
        pool.shutdown();
        forkJoin.shutdown();
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
