package dev.reprise.agent.replay;

import dev.reprise.agent.context.FutureReads;
import dev.reprise.replay.Replay;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Replay of a completion the recording lost: an actor tries to complete a promise that, in the
 * recording, someone else had completed first (another actor, or an ask's timeout that beat the
 * reply), or its recorded events ended before a completion. The replay must let that completer
 * win, so the actor waits until the promise is completed; then its attempt completes nothing, as
 * it did in the recording. It waits no more once the program exits: a recording whose exit came
 * before the attempt made none.
 */
public final class LostCompletions {
    /** How long the winner may take: an ask's timeout is due at most this much after a reply that came early. */
    static final long WAIT_SECONDS = 60;

    private static final long POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(200);

    private LostCompletions() {}

    /** {@code creator} tries to complete {@code promise}, which its recording found completed: waits for its completer. */
    static void await(Replay replay, long creator, scala.concurrent.Future<?> promise) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!FutureReads.isComplete(promise)) { // not promise.isCompleted(): the turn's reads are recorded
            if (replay.stopping() || replay.stopSignal() != null || replay.isExiting()) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                throw replay.diverged(
                        creator,
                        "it tried to complete a promise that, in the recording, someone else (another actor,"
                                + " or an ask's timeout) completed, or it made no completion before its recorded events"
                                + " end; in the replay nothing else completed it within "
                                + WAIT_SECONDS + " s");
            }
            LockSupport.parkNanos(
                    LostCompletions.class, POLL_NANOS); // a blocker: the watchdog sees a wait, not a sleep
        }
    }
}
