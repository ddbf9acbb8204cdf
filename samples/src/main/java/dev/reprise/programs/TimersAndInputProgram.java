package dev.reprise.programs;

import akka.actor.AbstractActorWithTimers;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Timers interleaved with messages, input from an outside thread with content (one message that
 * cannot be serialised), and clock and random calls inside an actor, whose values are printed.
 */
public final class TimersAndInputProgram {
    static final CompletableFuture<Void> done = new CompletableFuture<>();

    /** Holds a lambda, which no copy can make again: recorded by order only. */
    static final class Opaque {
        final Runnable action = () -> {};

        @Override
        public String toString() {
            return "opaque";
        }
    }

    static final class Clocked extends AbstractActorWithTimers {
        int ticks;
        int inputs;

        @Override
        public void preStart() {
            getTimers().startTimerAtFixedRate("tick", "tick", Duration.ofMillis(20));
            getTimers().startSingleTimer("once", "once", Duration.ofMillis(30));
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("tick", m -> {
                        if (++ticks == 3) {
                            getTimers().cancel("tick");
                            System.out.println("millis " + System.currentTimeMillis());
                            System.out.println("nano " + System.nanoTime());
                            System.out.println("random " + new Random().nextInt());
                            System.out.println(
                                    "tlr " + ThreadLocalRandom.current().nextInt(1000));
                            System.out.println("uuid " + UUID.randomUUID());
                            System.out.println("instant " + Instant.now().toEpochMilli());
                            System.out.println("math " + Math.random());
                            maybeDone();
                        }
                    })
                    .matchEquals("once", m -> System.out.println("timer once"))
                    .match(String.class, s -> {
                        System.out.println("input " + s);
                        inputs++;
                        maybeDone();
                    })
                    .match(Opaque.class, o -> {
                        System.out.println("input opaque");
                        inputs++;
                        maybeDone();
                    })
                    .build();
        }

        private void maybeDone() {
            if (ticks >= 3 && inputs == 4) {
                done.complete(null);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("timers", ProgramConfig.config(false));
        ActorRef clocked = system.actorOf(Props.create(Clocked.class, Clocked::new), "clocked");
        System.out.println("uid clocked " + clocked.path().uid());
        Thread outside = new Thread(
                () -> {
                    for (int i = 1; i <= 3; i++) {
                        clocked.tell("hello-" + i, ActorRef.noSender());
                    }
                    clocked.tell(new Opaque(), ActorRef.noSender());
                },
                "feeder");
        outside.start();
        outside.join();
        done.get(30, TimeUnit.SECONDS);
        System.out.println("outside millis " + System.currentTimeMillis()); // not in an actor: not recorded
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
