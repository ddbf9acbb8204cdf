package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.pattern.Patterns;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;

/**
 * An actor whose turn sleeps, as one that calls a slow service the blocking way does: two callers
 * race to ask a clerk; the clerk's turn for a "slow" request sleeps for the time the argument gives
 * (milliseconds) before it answers, so both callers' other requests wait in its mailbox meanwhile.
 * Replayed with a quiet time shorter than the sleep, the replay waits for the turn: it is not stuck.
 */
public final class SleepyTurnProgram {
    private SleepyTurnProgram() {}

    static final class Clerk extends AbstractActor {
        private final long sleepMillis;
        private int served;

        Clerk(long sleepMillis) {
            this.sleepMillis = sleepMillis;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, request -> {
                        if (request.endsWith("slow")) {
                            Thread.sleep(sleepMillis);
                        }
                        served++;
                        System.out.println("served " + served + ": " + request);
                        getSender().tell(served, getSelf());
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        long sleepMillis = Long.parseLong(args[0]);
        ActorSystem system = ActorSystem.create(
                "sleepy", ConfigFactory.parseString("akka.loglevel = WARNING").withFallback(ConfigFactory.load()));
        ActorRef clerk = system.actorOf(Props.create(Clerk.class, () -> new Clerk(sleepMillis)), "clerk");
        Thread[] callers = new Thread[2];
        for (int c = 0; c < callers.length; c++) {
            String name = "caller" + c;
            String second = c == 0 ? "slow" : "quick";
            callers[c] = new Thread(() -> {
                for (String r : new String[] {"quick", second, "quick"}) {
                    Patterns.ask(clerk, name + " " + r, Duration.ofSeconds(60))
                            .toCompletableFuture()
                            .join();
                }
            });
            callers[c].start();
        }
        for (Thread t : callers) {
            t.join();
        }
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().join();
    }
}
