package dev.reprise.programs.stuck;

import akka.actor.AbstractActor;
import akka.actor.ActorSystem;
import akka.actor.Cancellable;
import akka.actor.Props;
import java.time.Duration;

/**
 * Sets {@value #ROUNDS} × {@value #BATCH} timers, a batch at a time: half of each batch is
 * cancelled at once, the other half fires (after 1 ms) and sends the actor a number; the next
 * batch is set when the last of them has come. Prints how many fired.
 */
public final class ManyTimersProgram {
    public static final int ROUNDS = 200;
    public static final int BATCH = 1_000;

    private ManyTimersProgram() {}

    public static void main(String[] args) {
        ActorSystem system = ActorSystem.create("timers");
        system.actorOf(Props.create(Timed.class, Timed::new), "timed").tell("round", akka.actor.ActorRef.noSender());
    }

    static final class Timed extends AbstractActor {
        private int round;
        private int waiting;
        private long fired;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("round", m -> setBatch())
                    .match(Integer.class, n -> {
                        fired++;
                        if (--waiting == 0) {
                            if (++round < ROUNDS) {
                                setBatch();
                            } else {
                                System.out.println("fired " + fired + " timers");
                                getContext().getSystem().terminate();
                            }
                        }
                    })
                    .build();
        }

        private void setBatch() {
            for (int i = 0; i < BATCH; i++) {
                Cancellable c = getContext()
                        .getSystem()
                        .scheduler()
                        .scheduleOnce(
                                Duration.ofMillis(1), self(), i, getContext().getDispatcher(), self());
                if (i % 2 == 0) {
                    c.cancel();
                } else {
                    waiting++;
                }
            }
        }
    }
}
