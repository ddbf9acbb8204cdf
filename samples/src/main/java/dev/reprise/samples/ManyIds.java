package dev.reprise.samples;

import static akka.pattern.Patterns.ask;
import static akka.pattern.Patterns.pipe;

import akka.actor.AbstractActor;
import akka.actor.AbstractActorWithTimers;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.time.Duration;
import java.util.Random;

/**
 * A racy program that numbers many things: workers race to ask a server for tickets (each ask a
 * temp actor and a promise completion, its answer piped back: a callback), set timers and create
 * short-lived children, all reported through the {@link Console} in the order they happen. A
 * recording started with its id counter jumped ({@code -Dreprise.test.firstId}) crosses 2^31 or
 * 2^32 while it runs.
 */
public final class ManyIds {
    private ManyIds() {}

    static final int WORKERS = 4;
    static final int ASKS = 25;
    static final int TICKS = 3;

    record Ticket(int worker, int n) {}

    record Granted(int worker, int n, int ticket) {}

    record Tick(int n) {}

    record Done(int worker) {}

    public static void main(String[] args) {
        ActorSystem system = ActorSystem.create("ManyIds");
        ActorRef console = system.actorOf(Console.props(), "console");
        system.actorOf(Props.create(Boss.class, () -> new Boss(console)), "boss");
    }

    /** Creates the server and the workers; ends the program once every worker is done. */
    static final class Boss extends AbstractActor {
        private final ActorRef console;
        private int done;

        Boss(ActorRef console) {
            this.console = console;
        }

        @Override
        public void preStart() {
            ActorRef server = getContext().actorOf(Props.create(Server.class, Server::new), "server");
            for (int w = 0; w < WORKERS; w++) {
                int id = w;
                getContext()
                        .actorOf(Props.create(Worker.class, () -> new Worker(id, server, console)), "worker" + w)
                        .tell("go", getSelf());
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Done.class, d -> {
                        console.tell("worker " + d.worker() + " done", getSelf());
                        if (++done == WORKERS) {
                            console.tell("all done", getSelf());
                            getContext()
                                    .getSystem()
                                    .scheduler()
                                    .scheduleOnce(
                                            Duration.ofMillis(200),
                                            () -> getContext().getSystem().terminate(),
                                            getContext().getDispatcher());
                        }
                    })
                    .build();
        }
    }

    /** Hands out tickets in the order the asks arrive. */
    static final class Server extends AbstractActor {
        private int next = 1;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Ticket.class, t -> getSender().tell(new Granted(t.worker(), t.n(), next++), getSelf()))
                    .build();
        }
    }

    /** Asks for its tickets one after the other, pausing at random; sets timers, each of which makes a child. */
    static final class Worker extends AbstractActorWithTimers {
        private final int id;
        private final ActorRef server;
        private final ActorRef console;
        private final Random random = new Random();
        private int granted;
        private int ticks;

        Worker(int id, ActorRef server, ActorRef console) {
            this.id = id;
            this.server = server;
            this.console = console;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("go", m -> {
                        getTimers().startSingleTimer("tick", new Tick(1), Duration.ofMillis(random.nextInt(20)));
                        askNext();
                    })
                    .match(Granted.class, g -> {
                        console.tell("worker " + id + " ask " + g.n() + " got ticket " + g.ticket(), getSelf());
                        granted++;
                        askNext();
                    })
                    .match(Tick.class, t -> {
                        ActorRef child = getContext().actorOf(Props.create(Echo.class, () -> new Echo(console)));
                        child.tell("worker " + id + " tick " + t.n(), getSelf());
                        ticks = t.n();
                        if (t.n() < TICKS) {
                            getTimers()
                                    .startSingleTimer(
                                            "tick", new Tick(t.n() + 1), Duration.ofMillis(random.nextInt(20)));
                        }
                        finishIfDone();
                    })
                    .build();
        }

        private void askNext() {
            if (granted == ASKS) {
                finishIfDone();
                return;
            }
            Console.jitter(random);
            pipe(
                            ask(server, new Ticket(id, granted + 1), Duration.ofSeconds(10)),
                            getContext().getDispatcher())
                    .to(getSelf());
        }

        private void finishIfDone() {
            if (granted == ASKS && ticks == TICKS) {
                getContext().getParent().tell(new Done(id), getSelf());
                ticks++; // once
            }
        }
    }

    /** Passes one line on to the console, then stops. */
    static final class Echo extends AbstractActor {
        private final ActorRef console;

        Echo(ActorRef console) {
            this.console = console;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, line -> {
                        console.tell(line, getSelf());
                        getContext().stop(getSelf());
                    })
                    .build();
        }
    }
}
