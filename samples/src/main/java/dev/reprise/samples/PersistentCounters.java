package dev.reprise.samples;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.OneForOneStrategy;
import akka.actor.Props;
import akka.actor.SupervisorStrategy;
import akka.japi.pf.DeciderBuilder;
import akka.pattern.Patterns;
import akka.persistence.AbstractPersistentActor;
import akka.persistence.RecoveryCompleted;
import com.typesafe.config.ConfigFactory;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Akka Persistence (classic, Java), on the in-memory journal: a supervisor keeps {@value #COUNTERS}
 * persistent counters; {@value #CLIENTS} threads send them increments of random sizes, and now and
 * then a "crash" command that makes a counter fail. The supervisor restarts it, and the counter
 * recovers its value by replaying its persisted events from the journal before it takes the next
 * command (commands that come meanwhile are stashed by Akka). Each counter prints what it persisted
 * and what it recovered (through one printer actor); {@code main} asks each counter for its total
 * at the end and prints them. Which client's command comes first, the amounts and where the
 * crashes fall differ from run to run.
 */
public final class PersistentCounters {
    static final int COUNTERS = 2;
    static final int CLIENTS = 3;
    static final int COMMANDS_EACH = 6;

    private PersistentCounters() {}

    record Add(String client, int amount) implements Serializable {}

    /** The event a counter persists. */
    record Added(String client, int amount) implements Serializable {}

    enum Crash {
        INSTANCE
    }

    enum GetTotal {
        INSTANCE
    }

    static final class Counter extends AbstractPersistentActor {
        private final String id;
        private int total;
        private int recovered;

        Counter(String id) {
            this.id = id;
        }

        @Override
        public String persistenceId() {
            return "counter-" + id;
        }

        @Override
        public Receive createReceiveRecover() {
            return receiveBuilder()
                    .match(Added.class, e -> {
                        total += e.amount();
                        recovered++;
                    })
                    .match(RecoveryCompleted.class, done -> {
                        if (recovered > 0) {
                            Printer.say(id + " recovered " + recovered + " events, total " + total);
                        }
                    })
                    .build();
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(
                            Add.class,
                            add -> persist(new Added(add.client(), add.amount()), e -> {
                                total += e.amount();
                                Printer.say(id + " +" + e.amount() + " from " + e.client() + " = " + total);
                            }))
                    .matchEquals(Crash.INSTANCE, crash -> {
                        Printer.say(id + " crashes at " + total);
                        throw new IllegalStateException("crash of " + id);
                    })
                    .matchEquals(GetTotal.INSTANCE, get -> getSender().tell(total, getSelf()))
                    .build();
        }
    }

    /** Starts the counters and restarts a crashed one; forwards commands by counter name. */
    static final class Supervisor extends AbstractActor {
        @Override
        public void preStart() {
            for (int i = 0; i < COUNTERS; i++) {
                String id = "c" + i;
                getContext().actorOf(Props.create(Counter.class, () -> new Counter(id)), id);
            }
        }

        @Override
        public SupervisorStrategy supervisorStrategy() {
            return new OneForOneStrategy(
                    DeciderBuilder.match(IllegalStateException.class, e -> SupervisorStrategy.restart())
                            .build());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(
                            Routed.class,
                            r -> getContext()
                                    .findChild(r.counter())
                                    .ifPresent(c -> c.forward(r.message(), getContext())))
                    .build();
        }
    }

    record Routed(String counter, Object message) implements Serializable {}

    /** Prints every line, in the order the counters tell it. */
    static final class Printer {
        private static volatile ActorRef printer;

        static void say(String line) {
            printer.tell(line, ActorRef.noSender());
        }
    }

    enum Flush {
        INSTANCE
    }

    static final class PrintActor extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, System.out::println)
                    .matchEquals(Flush.INSTANCE, f -> getSender().tell(f, getSelf()))
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create(
                "counters",
                ConfigFactory.parseString(String.join(
                                "\n",
                                "akka.loglevel = OFF", // the printer prints every line: Akka's logger would interleave
                                // its own
                                "akka.actor.allow-java-serialization = on",
                                "akka.actor.warn-about-java-serializer-usage = off",
                                "akka.persistence.journal.plugin = akka.persistence.journal.inmem",
                                "akka.persistence.snapshot-store.plugin = \"\""))
                        .withFallback(ConfigFactory.load()));
        Printer.printer = system.actorOf(Props.create(PrintActor.class, PrintActor::new), "printer");
        ActorRef supervisor = system.actorOf(Props.create(Supervisor.class, Supervisor::new), "supervisor");

        List<Thread> clients = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            String client = "client" + c;
            Thread t = new Thread(() -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int i = 0; i < COMMANDS_EACH; i++) {
                    String counter = "c" + random.nextInt(COUNTERS);
                    Object command = random.nextInt(6) == 0 ? Crash.INSTANCE : new Add(client, 1 + random.nextInt(9));
                    supervisor.tell(new Routed(counter, command), ActorRef.noSender());
                    try {
                        Thread.sleep(random.nextInt(3));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
            clients.add(t);
            t.start();
        }
        for (Thread t : clients) {
            t.join();
        }
        List<Object> totals = new ArrayList<>();
        for (int i = 0; i < COUNTERS; i++) {
            CompletableFuture<Object> total = Patterns.ask(
                            supervisor, new Routed("c" + i, GetTotal.INSTANCE), Duration.ofSeconds(10))
                    .toCompletableFuture();
            totals.add(total.get(10, TimeUnit.SECONDS));
        }
        // Every counter's line is printed before main's own.
        Patterns.ask(Printer.printer, Flush.INSTANCE, Duration.ofSeconds(10))
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        System.out.println("totals " + totals);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
