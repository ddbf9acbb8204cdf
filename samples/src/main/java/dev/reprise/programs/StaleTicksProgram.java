package dev.reprise.programs;

import akka.actor.AbstractActorWithTimers;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Cancellable;
import akka.actor.Props;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Periodic timers cancelled while their ticks pile up: each of the first ticks takes 12 ms to handle, the
 * timers tick every 2 ms, and each is cancelled at its third tick, so ticks sent before the cancel are
 * still queued. Akka drops a cancelled {@code Timers} timer's queued ticks; the scheduler's own
 * fixed-rate and fixed-delay tasks deliver theirs, so how many arrive after the cancel varies
 * from run to run and is printed.
 */
public final class StaleTicksProgram {
    static final CompletableFuture<Void> done = new CompletableFuture<>();
    static final int CANCEL_AT = 3;

    static final class Ticking extends AbstractActorWithTimers {
        int timerTicks;
        int rateTicks;
        int delayTicks;
        Cancellable rate;
        Cancellable delay;
        boolean finished;

        @Override
        public void preStart() {
            getTimers().startTimerAtFixedRate("timer", "timer-tick", Duration.ofMillis(2));
            rate = getContext()
                    .getSystem()
                    .scheduler()
                    .scheduleAtFixedRate(
                            Duration.ofMillis(1),
                            Duration.ofMillis(2),
                            getSelf(),
                            "rate-tick",
                            getContext().getDispatcher(),
                            getSelf());
            delay = getContext()
                    .getSystem()
                    .scheduler()
                    .scheduleWithFixedDelay(
                            Duration.ofMillis(1),
                            Duration.ofMillis(2),
                            getSelf(),
                            "delay-tick",
                            getContext().getDispatcher(),
                            getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("timer-tick", m -> {
                        if (tick("timer", ++timerTicks) == CANCEL_AT) {
                            getTimers().cancel("timer");
                        }
                    })
                    .matchEquals("rate-tick", m -> {
                        if (tick("rate", ++rateTicks) == CANCEL_AT) {
                            rate.cancel();
                        }
                    })
                    .matchEquals("delay-tick", m -> {
                        if (tick("delay", ++delayTicks) == CANCEL_AT) {
                            delay.cancel();
                        }
                    })
                    .matchEquals("check", m -> {
                        if (timerTicks >= CANCEL_AT && rateTicks >= CANCEL_AT && delayTicks >= CANCEL_AT && !finished) {
                            finished = true;
                            System.out.println("ticks after the cancel: rate " + (rateTicks - CANCEL_AT) + ", delay "
                                    + (delayTicks - CANCEL_AT) + ", timer " + (timerTicks - CANCEL_AT));
                            done.complete(null);
                        } else if (!finished) {
                            getTimers().startSingleTimer("check", "check", Duration.ofMillis(50));
                        }
                    })
                    .build();
        }

        private int tick(String timer, int n) throws InterruptedException {
            System.out.println(timer + " tick " + n);
            if (n <= CANCEL_AT) {
                Thread.sleep(12); // slower than the timers: their ticks queue up
            }
            if (n == CANCEL_AT) {
                getTimers().startSingleTimer("check", "check", Duration.ofMillis(50));
            }
            return n;
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("stale-ticks", ProgramConfig.config(false));
        ActorRef ticking = system.actorOf(Props.create(Ticking.class, Ticking::new), "ticking");
        done.get(60, TimeUnit.SECONDS);
        system.stop(ticking);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
