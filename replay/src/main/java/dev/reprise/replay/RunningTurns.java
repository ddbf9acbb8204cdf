package dev.reprise.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The recorded turns running now (a message or system message the trace handed out), per thread,
 * so the watchdog can tell a turn that computes from one blocked (in {@code Await}, a future's
 * {@code get}, a lock) on something the replay holds back. Live turns (past the end of the
 * recording, actors that are not recorded) are not counted: they are not the trace's progress.
 */
final class RunningTurns {
    /** A recorded turn of {@code actor} on {@code thread}, begun at {@code since} (System.nanoTime). */
    record Turn(long actor, Thread thread, long since) {}

    private final Map<Thread, Turn> turns = new ConcurrentHashMap<>();

    /** The calling thread is about to run a recorded turn of {@code actor} (the trace handed out its event). */
    void begin(long actor) {
        Thread t = Thread.currentThread();
        turns.put(t, new Turn(actor, t, System.nanoTime()));
    }

    /** The calling thread begins a turn: a recorded one (handed out by {@link #begin} just before) is timed from here. */
    void started() {
        Thread t = Thread.currentThread();
        turns.computeIfPresent(t, (k, turn) -> new Turn(turn.actor(), t, System.nanoTime()));
    }

    /** The calling thread's turn has ended. */
    void end() {
        turns.remove(Thread.currentThread());
    }

    /** Whether some recorded turn is running on a thread that is not waiting (it computes, or does I/O). */
    boolean computing() {
        for (Turn t : turns.values()) {
            if (!waiting(t.thread())) {
                return true;
            }
        }
        return false;
    }

    /** Recorded turns that have run for {@code nanos} or longer and are waiting now (parked, sleeping, on a lock). */
    List<Turn> blockedFor(long nanos) {
        long now = System.nanoTime();
        List<Turn> out = new ArrayList<>();
        for (Turn t : turns.values()) {
            if (now - t.since() >= nanos && waiting(t.thread())) {
                out.add(t);
            }
        }
        return out;
    }

    private static boolean waiting(Thread t) {
        Thread.State s = t.getState();
        return s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING || s == Thread.State.BLOCKED;
    }
}
