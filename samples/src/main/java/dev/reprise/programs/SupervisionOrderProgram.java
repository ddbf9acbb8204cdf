package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.AllForOneStrategy;
import akka.actor.OneForOneStrategy;
import akka.actor.Props;
import akka.actor.SupervisorStrategy;
import akka.actor.Terminated;
import akka.japi.pf.DeciderBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Supervision whose outcome depends on timing: producers race to send numbers to workers, a
 * worker fails when its running sum hits a multiple of 7 or 5, and its supervisor's decider
 * counts the failures it has seen (every third is a stop). Where the supervisor handles each
 * failure among the workers' reports, when a stop from the parent reaches a worker, where a
 * sibling is restarted under all-for-one: all races, all printed. Every line goes through one
 * console actor, so the whole output is in a recorded order. Actors sleep or yield at random
 * (schedule perturbation). Ends by {@code system.terminate()} once every worker has stopped.
 */
public final class SupervisionOrderProgram {
    static final int WORKERS = 3;
    static final int PRODUCERS = 3;
    static final int NUMBERS = 25;
    static final CompletableFuture<Void> done = new CompletableFuture<>();

    static void perturb(Random random) {
        try {
            if (random.nextInt(4) == 0) {
                Thread.sleep(random.nextInt(2));
            } else {
                Thread.yield();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Prints what it is told, in the order it processes it. */
    static final class Console extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("done", m -> {
                        System.out.println("console: done");
                        done.complete(null);
                    })
                    .match(String.class, System.out::println)
                    .build();
        }
    }

    /** Sums what it gets; fails on sums that are multiples of 7 (restart or stop) or 5 (resume). */
    static final class Worker extends AbstractActor {
        final ActorRef console;
        final Random random = new Random();
        int processed;
        int sum;

        Worker(ActorRef console) {
            this.console = console;
        }

        String name() {
            return getSelf().path().parent().name() + "/" + getSelf().path().name();
        }

        @Override
        public void preRestart(Throwable reason, Optional<Object> message) {
            // Under all-for-one, two restarts of one sibling can be outstanding at once, and Akka's
            // system-message stash may handle them in either order (a known limit): the team's
            // workers print when and how often they restart, not which failure caused it.
            boolean team = getSelf().path().parent().name().equals("team");
            console.tell(
                    name() + " restarting after " + processed + " messages" + (team ? "" : ": " + reason.getMessage()),
                    getSelf());
        }

        @Override
        public void postStop() {
            console.tell(name() + " stopped after " + processed + " messages, sum " + sum, getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Integer.class, n -> {
                        perturb(random);
                        processed++;
                        sum += n;
                        if (sum % 7 == 0) {
                            throw new IllegalStateException("sum " + sum + " in " + name());
                        }
                        if (sum % 5 == 0) {
                            throw new ArithmeticException("sum " + sum + " in " + name());
                        }
                        getSender().tell(name() + " " + sum, getSelf());
                    })
                    .build();
        }
    }

    /** One-for-one: its decider counts failures; it reports its workers' sums and deaths as they come. */
    static final class Boss extends AbstractActor {
        final ActorRef console;
        final boolean allForOne;
        final List<ActorRef> workers = new ArrayList<>();
        int failures;
        int reports;
        int producersDone;

        Boss(ActorRef console, boolean allForOne) {
            this.console = console;
            this.allForOne = allForOne;
        }

        private SupervisorStrategy.Directive decide(Throwable e) {
            failures++;
            SupervisorStrategy.Directive d = e instanceof ArithmeticException
                    ? SupervisorStrategy.resume()
                    : failures % 3 == 0 && !allForOne ? SupervisorStrategy.stop() : SupervisorStrategy.restart();
            console.tell(
                    getSelf().path().name() + " decides " + d + " on failure " + failures + " (" + e.getMessage()
                            + ") after " + reports + " reports",
                    getSelf());
            return d;
        }

        @Override
        public SupervisorStrategy supervisorStrategy() {
            // Akka's own failure log lines carry times and thread names; the console prints the decisions.
            return allForOne
                    ? new AllForOneStrategy(
                            -1,
                            scala.concurrent.duration.Duration.Inf(),
                            false,
                            DeciderBuilder.match(RuntimeException.class, this::decide)
                                    .build())
                    : new OneForOneStrategy(
                            -1,
                            scala.concurrent.duration.Duration.Inf(),
                            false,
                            DeciderBuilder.match(RuntimeException.class, this::decide)
                                    .build());
        }

        @Override
        public void preStart() {
            for (int i = 0; i < WORKERS; i++) {
                ActorRef w = getContext().actorOf(Props.create(Worker.class, () -> new Worker(console)), "w" + i);
                getContext().watch(w);
                workers.add(w);
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("workers?", m -> getSender().tell(new ArrayList<>(workers), getSelf()))
                    .matchEquals("producer done", m -> {
                        if (++producersDone == PRODUCERS) {
                            // Stops reach the workers wherever they are in their mailboxes.
                            workers.forEach(getContext()::stop);
                        }
                    })
                    .match(String.class, s -> {
                        reports++;
                        if (reports % 10 == 0) {
                            console.tell(
                                    getSelf().path().name() + " has " + reports + " reports, last " + s + ", children "
                                            + getContext()
                                                    .getChildren()
                                                    .spliterator()
                                                    .getExactSizeIfKnown(),
                                    getSelf());
                        }
                    })
                    .match(Terminated.class, t -> {
                        workers.remove(t.getActor());
                        console.tell(
                                getSelf().path().name() + " saw "
                                        + t.getActor().path().name() + " end after " + reports + " reports and "
                                        + failures + " failures",
                                getSelf());
                        if (workers.isEmpty()) {
                            getContext().getParent().tell("boss done", getSelf());
                        }
                    })
                    .build();
        }
    }

    /** Sends its numbers to every worker of both bosses, with the boss as sender (replies go to it). */
    static final class Producer extends AbstractActor {
        final Random random = new Random();

        @Override
        @SuppressWarnings("unchecked")
        public Receive createReceive() {
            return receiveBuilder()
                    .match(ActorRef.class, boss -> boss.tell("workers?", getSelf()))
                    .match(List.class, ws -> {
                        ActorRef boss = getSender();
                        for (int n = 1; n <= NUMBERS; n++) {
                            perturb(random);
                            for (ActorRef w : (List<ActorRef>) ws) {
                                w.tell(n * (1 + random.nextInt(3)), boss);
                            }
                        }
                        boss.tell("producer done", getSelf());
                    })
                    .build();
        }
    }

    /** Starts both bosses and the producers; tells the console when both bosses are done. */
    static final class Root extends AbstractActor {
        final ActorRef console = getContext().actorOf(Props.create(Console.class, Console::new), "console");
        int bossesDone;

        @Override
        public void preStart() {
            for (boolean allForOne : new boolean[] {false, true}) {
                ActorRef boss = getContext()
                        .actorOf(
                                Props.create(Boss.class, () -> new Boss(console, allForOne)),
                                allForOne ? "team" : "boss");
                for (int p = 0; p < PRODUCERS; p++) {
                    getContext()
                            .actorOf(
                                    Props.create(Producer.class, Producer::new),
                                    boss.path().name() + "-producer" + p)
                            .tell(boss, getSelf());
                }
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("boss done", m -> {
                        if (++bossesDone == 2) {
                            console.tell("done", getSelf());
                        }
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("supervision-order", ProgramConfig.config(false));
        system.actorOf(Props.create(Root.class, Root::new), "root");
        done.get(60, TimeUnit.SECONDS);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
