package dev.reprise.samples;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A racy program and deliberate changes to it, to replay a recording of the original with a
 * changed program, as a developer does who edits the code between recording and replay. Three
 * workers race to send their pings to a hub, which keeps a ledger child and prints each ping it
 * gets (with the message's class) through the console. The first argument names the version:
 *
 * <ul>
 *   <li>{@code original};
 *   <li>{@code renamed}: worker 2 sends its 10th ping as a {@link Pong} (a message class renamed);
 *   <li>{@code extra-send}: worker 1 sends one more ping after its 5th (a send added);
 *   <li>{@code child-elsewhere}: worker 0 creates the ledger, not the hub (a child created elsewhere).
 * </ul>
 */
public final class ChangedProgram {
    private ChangedProgram() {}

    static final int WORKERS = 3;
    static final int PINGS = 20;

    record Ping(int worker, int n) {}

    record Pong(int worker, int n) {}

    record Ledger(ActorRef ledger) {}

    static final CompletableFuture<Void> done = new CompletableFuture<>();

    /** Sends its pings to the hub, pausing at random between them. */
    static final class Worker extends AbstractActor {
        private final int id;
        private final ActorRef hub;
        private final String version;
        private final Random random = new Random();

        Worker(int id, ActorRef hub, String version) {
            this.id = id;
            this.hub = hub;
            this.version = version;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("go", m -> {
                        if (id == 0 && version.equals("child-elsewhere")) {
                            hub.tell(
                                    new Ledger(getContext()
                                            .actorOf(Props.create(LedgerActor.class, LedgerActor::new), "ledger")),
                                    getSelf());
                        }
                        for (int n = 1; n <= PINGS; n++) {
                            Console.jitter(random);
                            hub.tell(
                                    id == 2 && n == 10 && version.equals("renamed") ? new Pong(id, n) : new Ping(id, n),
                                    getSelf());
                            if (id == 1 && n == 5 && version.equals("extra-send")) {
                                hub.tell(new Ping(id, 99), getSelf());
                            }
                        }
                    })
                    .build();
        }
    }

    /** Counts what the hub tells it. */
    static final class LedgerActor extends AbstractActor {
        private int entries;

        @Override
        public Receive createReceive() {
            return receiveBuilder().matchAny(m -> entries++).build();
        }
    }

    /** Prints each ping in the order it gets them; ends the program when all have come. */
    static final class Hub extends AbstractActor {
        private final ActorRef console;
        private final String version;
        private ActorRef ledger;
        private int received;

        Hub(ActorRef console, String version) {
            this.console = console;
            this.version = version;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Ledger.class, l -> ledger = l.ledger())
                    .match(Ping.class, p -> got(p, p.worker(), p.n()))
                    .match(Pong.class, p -> got(p, p.worker(), p.n()))
                    .build();
        }

        private void got(Object message, int worker, int n) {
            if (ledger == null && !version.equals("child-elsewhere")) {
                ledger = getContext().actorOf(Props.create(LedgerActor.class, LedgerActor::new), "ledger");
            }
            if (ledger != null) {
                ledger.tell(n, getSelf());
            }
            received++;
            console.tell(
                    received + ": " + message.getClass().getSimpleName() + " " + n + " from worker " + worker,
                    getSelf());
            if (received == WORKERS * PINGS) {
                console.tell("all " + received + " pings received", getSelf());
                done.complete(null);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        String version = args.length > 0 ? args[0] : "original";
        ActorSystem system = ActorSystem.create("changed");
        ActorRef console = system.actorOf(Console.props(), "console");
        ActorRef hub = system.actorOf(Props.create(Hub.class, () -> new Hub(console, version)), "hub");
        for (int i = 0; i < WORKERS; i++) {
            int id = i;
            system.actorOf(Props.create(Worker.class, () -> new Worker(id, hub, version)), "worker" + i)
                    .tell("go", ActorRef.noSender());
        }
        done.get(30, TimeUnit.SECONDS);
        Thread.sleep(100); // the console prints the last lines
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
