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
 *
 * <p>Every turn goes through here, so a turn costs two plain-field writes and one volatile write on
 * the thread's own slot and one clock read; the map is touched once per thread (it held a new
 * record per turn, put and removed: three map operations and two clock reads per message).
 */
final class RunningTurns {
    /** A recorded turn of {@code actor} on {@code thread}, begun at {@code since} (System.nanoTime). */
    record Turn(long actor, Thread thread, long since) {}

    /** No recorded turn runs on the slot's thread. */
    private static final long NONE = Long.MIN_VALUE;

    /**
     * One thread's turn. Written only by its thread; {@code since} is written last (a release), so
     * the watchdog that reads it first sees the actor that goes with it, or an older one (a
     * heuristic with seconds of slack either way).
     */
    private static final class Slot {
        final Thread thread;
        long actor = NONE;
        volatile long since = NONE;

        Slot(Thread thread) {
            this.thread = thread;
        }
    }

    private final Map<Thread, Slot> slots = new ConcurrentHashMap<>();
    private final ThreadLocal<Slot> own = ThreadLocal.withInitial(() -> {
        Slot s = new Slot(Thread.currentThread());
        slots.put(s.thread, s);
        return s;
    });

    /**
     * The slot used last, checked against the calling thread before the thread-local is asked: a
     * replay on one dispatcher thread (or one busy thread) finds its slot here. Racy on purpose: a
     * slot's thread never changes, so whichever slot is read, the check is right.
     */
    private Slot last = new Slot(null);

    private Slot own() {
        Slot s = last;
        Thread t = Thread.currentThread();
        if (s.thread != t) {
            s = own.get();
            last = s;
        }
        return s;
    }

    /** The calling thread is about to run a recorded turn of {@code actor} (the trace handed out its event). */
    void begin(long actor) {
        Slot s = own();
        s.actor = actor;
        s.since = System.nanoTime(); // started() times it again, from the turn's real start
    }

    /** The calling thread begins a turn: a recorded one (handed out by {@link #begin} just before) is timed from here. */
    void started() {
        Slot s = own();
        if (s.since != NONE) {
            s.since = System.nanoTime();
        }
    }

    /** The calling thread's turn has ended. */
    void end() {
        own().since = NONE;
    }

    /** Whether some recorded turn is running on a thread that is not waiting (it computes, or does I/O). */
    boolean computing() {
        for (Turn t : running()) {
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
        for (Turn t : running()) {
            if (now - t.since() >= nanos && waiting(t.thread())) {
                out.add(t);
            }
        }
        return out;
    }

    /** The turns running now; the slots of threads that have died are dropped. */
    private List<Turn> running() {
        List<Turn> out = new ArrayList<>();
        for (Slot s : slots.values()) {
            long since = s.since;
            if (!s.thread.isAlive()) {
                slots.remove(s.thread, s); // also one that died in a turn: it neither computes nor waits
            } else if (since != NONE) {
                out.add(new Turn(s.actor, s.thread, since));
            }
        }
        return out;
    }

    private static boolean waiting(Thread t) {
        Thread.State s = t.getState();
        return s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING || s == Thread.State.BLOCKED;
    }
}
