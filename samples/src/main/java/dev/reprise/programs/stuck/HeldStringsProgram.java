package dev.reprise.programs.stuck;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.util.ArrayList;
import java.util.List;

/**
 * A program whose replay gets stuck with a full mailbox when run with another argument than
 * recorded. {@code greet}: the source has the greeter greet the sink and {@value #LISTENERS}
 * listeners first, then sends the sink {@value #STRINGS} strings (the first 30 KB long).
 * {@code skip}: the source sends the strings at once, so in a replay of a {@code greet} recording
 * the sink waits for the greeting with {@value #STRINGS} strings held in its mailbox, and the
 * listeners wait too.
 */
public final class HeldStringsProgram {
    static final int STRINGS = 120;
    static final int LISTENERS = 8;

    private HeldStringsProgram() {}

    public static void main(String[] args) {
        start(ActorSystem.create("held"), args[0].equals("greet"), false);
    }

    /**
     * Creates the actors in {@code system} and sets them going; once the sink has its strings it
     * terminates the system, or with {@code exit} ends the JVM (so no actor's stop is recorded).
     */
    static void start(ActorSystem system, boolean greet, boolean exit) {
        ActorRef sink = system.actorOf(Props.create(Sink.class, () -> new Sink(exit)), "sink");
        List<ActorRef> listeners = new ArrayList<>();
        for (int i = 0; i < LISTENERS; i++) {
            listeners.add(system.actorOf(Props.create(Listener.class, Listener::new), "listener-" + i));
        }
        ActorRef greeter = system.actorOf(Props.create(Greeter.class, () -> new Greeter(sink, listeners)), "greeter");
        ActorRef source = system.actorOf(Props.create(Source.class, () -> new Source(greeter, sink, greet)), "source");
        source.tell("go", ActorRef.noSender());
    }

    static final class Source extends AbstractActor {
        private final ActorRef greeter;
        private final ActorRef sink;
        private final boolean greet;

        Source(ActorRef greeter, ActorRef sink, boolean greet) {
            this.greeter = greeter;
            this.sink = sink;
            this.greet = greet;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("go", m -> {
                        if (greet) {
                            greeter.tell("greet", self());
                        } else {
                            sendStrings();
                        }
                    })
                    .matchEquals("greeted", m -> sendStrings())
                    .build();
        }

        private void sendStrings() {
            sink.tell("x".repeat(30_000), self());
            for (int i = 1; i < STRINGS; i++) {
                sink.tell("line " + i, self());
            }
        }
    }

    static final class Greeter extends AbstractActor {
        private final ActorRef sink;
        private final List<ActorRef> listeners;

        Greeter(ActorRef sink, List<ActorRef> listeners) {
            this.sink = sink;
            this.listeners = listeners;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("greet", m -> {
                        sink.tell("hello", self());
                        listeners.forEach(l -> l.tell("hello", self()));
                        sender().tell("greeted", self());
                    })
                    .build();
        }
    }

    static final class Sink extends AbstractActor {
        private final boolean exit;
        private int strings;

        Sink(boolean exit) {
            this.exit = exit;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, m -> {
                        if (!m.equals("hello") && ++strings == STRINGS) {
                            System.out.println("sink got " + strings + " strings");
                            if (exit) {
                                System.exit(0);
                            }
                            getContext().getSystem().terminate();
                        }
                    })
                    .build();
        }
    }

    static final class Listener extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder().matchAny(m -> {}).build();
        }
    }
}
