package dev.reprise.agent.perturb;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * What a perturbed recording does before an actor's turn, on the turn's thread: nothing, a yield,
 * or a wait, as its strategy chooses. The dispatcher has picked the turn's message already, so a
 * wait changes only when the turn's effects (its sends, its replies) happen relative to other
 * actors': the orders any run could show, never one Akka forbids.
 */
public abstract class TurnDelays {
    /** The longest a timer's firing is put off ({@link #timerDelayNanos}). */
    static final long MAX_TIMER_JITTER_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    /** A turn of actor {@code actor} (its id) is about to start on this thread. */
    public abstract void beforeTurn(long actor);

    /**
     * A timer is set to fire after {@code nanos}: how long to wait instead (never less, so no timer
     * fires before its time). Timers are left alone unless a strategy says otherwise.
     */
    public long timerDelayNanos(long nanos) {
        return nanos;
    }

    /** Waits {@code nanos} (no interruption is swallowed: a park returns early on one and leaves it set). */
    static void pause(long nanos) {
        if (nanos > 0) {
            LockSupport.parkNanos(nanos);
        }
    }
}
