package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import com.typesafe.config.ConfigFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A small racy Akka program for the command-line tests: a parent creates three workers that each
 * send 20 messages to a tally actor while the main thread sends it 5 more from outside; once it has
 * them all, the tally reads the clock and the program prints one line, {@code tally ...}, with a
 * hash of the order it saw, the first message and the clock reading. Each run differs; a replay
 * prints the recorded run's line.
 */
public final class TallyProgram {
    public static final int WORKERS = 3;
    public static final int PER_WORKER = 20;
    public static final int OUTSIDE = 5;
    public static final int TOTAL = WORKERS * PER_WORKER + OUTSIDE;

    static final CompletableFuture<String> result = new CompletableFuture<>();

    private TallyProgram() {}

    static final class Tally extends AbstractActor {
        final List<String> seen = new ArrayList<>();

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, s -> {
                        seen.add(s);
                        if (seen.size() == TOTAL) {
                            result.complete(Integer.toHexString(
                                            String.join(",", seen).hashCode()) + " of " + seen.size()
                                    + " messages, first " + seen.get(0) + ", clock " + System.currentTimeMillis());
                        }
                    })
                    .build();
        }
    }

    static final class Worker extends AbstractActor {
        final ActorRef tally;

        Worker(ActorRef tally) {
            this.tally = tally;
        }

        @Override
        public void preStart() {
            for (int i = 0; i < PER_WORKER; i++) {
                tally.tell(getSelf().path().name() + ":" + i, getSelf());
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().build();
        }
    }

    static final class Parent extends AbstractActor {
        final ActorRef tally;

        Parent(ActorRef tally) {
            this.tally = tally;
        }

        @Override
        public void preStart() {
            for (int i = 0; i < WORKERS; i++) {
                getContext().actorOf(Props.create(Worker.class, () -> new Worker(tally)), "worker" + i);
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create(
                "tally",
                ConfigFactory.parseString(
                                "akka.loglevel = WARNING\nakka.log-dead-letters = off\nakka.coordinated-shutdown.run-by-jvm-shutdown-hook = off")
                        .withFallback(ConfigFactory.load()));
        ActorRef tally = system.actorOf(Props.create(Tally.class, Tally::new), "tally");
        system.actorOf(Props.create(Parent.class, () -> new Parent(tally)), "parent");
        for (int i = 0; i < OUTSIDE; i++) {
            tally.tell("outside:" + i, ActorRef.noSender());
        }
        System.out.println("tally " + result.get(30, TimeUnit.SECONDS));
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
