package dev.reprise.replay;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
 * <p>Every turn goes through here, so a turn costs two plain-field writes and two release writes
 * on the thread's own slot, a plain message's turn a third release write, its count (nothing
 * another thread writes; on x86 a release write is a plain one, where a volatile write is a full
 * fence), and no clock read: a turn is numbered, and the
 * watchdog, which looks at every slot each time it polls, times a turn from when it first saw its
 * number. So a turn's age is short by at most one poll (a tenth of the quiet time), and a replayed
 * message on one thread no longer pays two clock reads (about 20 ns each here). The slot also
 * counts the thread's plain message turns for the replay's tally ({@link #messages}).
 */
final class RunningTurns {
    /** A recorded turn of {@code actor} on {@code thread}, seen running since {@code since} (System.nanoTime). */
    record Turn(long actor, Thread thread, long since) {}

    /** No recorded turn runs on the slot's thread (turns are numbered from 1). */
    private static final long NONE = 0;

    /**
     * One thread's turn. {@code actor}, {@code count}, {@code messages} and {@code turn} are
     * written only by its thread, {@code turn} last (a release), so the watchdog that reads it
     * first (an acquire) sees the actor that goes with it, or a newer one (a heuristic with
     * seconds of slack either way). The watchdog alone, under the {@link RunningTurns} monitor,
     * writes {@code seenTurn} and {@code seenSince}.
     */
    private static final class Slot {
        final Thread thread;
        long actor;
        long count;
        /** Plain message turns begun here: written by a release, read by an acquire. */
        long messages;

        long turn = NONE;
        long seenTurn = NONE;
        long seenSince;

        Slot(Thread thread) {
            this.thread = thread;
        }
    }

    private static final VarHandle TURN;
    private static final VarHandle MESSAGES;

    static {
        try {
            TURN = MethodHandles.lookup().findVarHandle(Slot.class, "turn", long.class);
            MESSAGES = MethodHandles.lookup().findVarHandle(Slot.class, "messages", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The message turns of threads that have died, whose slots are gone. */
    private long retiredMessages;

    private final Map<Thread, Slot> slots = new ConcurrentHashMap<>();
    private final ThreadLocal<Slot> own = ThreadLocal.withInitial(() -> {
        Slot s = new Slot(Thread.currentThread());
        slots.put(s.thread, s);
        return s;
    });

    /**
     * The calling thread's slot, always from the thread-local: a field shared by every thread that
     * remembered the slot used last was written by each turn of another thread, and that cache
     * line's trips between cores cost ForkJoinThroughput's replay a third of its time under the
     * default dispatcher (62 ms an iteration against 42).
     */
    private Slot own() {
        return own.get();
    }

    /** The calling thread is about to run a recorded turn of {@code actor} (the trace handed out its event). */
    void begin(long actor) {
        Slot s = own();
        s.actor = actor;
        TURN.setRelease(s, ++s.count);
    }

    /** {@link #begin} for a plain message's turn, which the thread's slot counts ({@link #messages}). */
    void beginMessage(long actor) {
        Slot s = own();
        s.actor = actor;
        MESSAGES.setRelease(s, s.messages + 1);
        TURN.setRelease(s, ++s.count);
    }

    /** The plain message turns begun so far, on every thread. */
    synchronized long messages() {
        long n = retiredMessages;
        for (Slot s : slots.values()) {
            n += (long) MESSAGES.getAcquire(s);
        }
        return n;
    }

    /** The calling thread's turn has ended. */
    void end() {
        TURN.setRelease(own(), NONE);
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

    /**
     * Recorded turns that have run for {@code nanos} or longer and are waiting now (parked on a
     * future, on a lock), not sleeping: a turn that sleeps goes on by itself ({@link #sleeping}).
     */
    List<Turn> blockedFor(long nanos) {
        long now = System.nanoTime();
        List<Turn> out = new ArrayList<>();
        for (Turn t : running()) {
            if (now - t.since() >= nanos && !ThreadActivity.goesOn(t.thread())) {
                out.add(t);
            }
        }
        return out;
    }

    /**
     * A recorded turn that sleeps now ({@code Thread.sleep} in the actor's code, as when it was
     * recorded) or runs (a loop that polls and sleeps, as a replayed accept waiting for its live
     * client does), or null: it goes on by itself, as the program's own threads do.
     */
    Turn goingOn() {
        for (Turn t : running()) {
            if (ThreadActivity.goesOn(t.thread())) {
                return t;
            }
        }
        return null;
    }

    /**
     * The turns running now, each timed from when this first saw it; the slots of threads that have
     * died are dropped. Called at every poll of the watchdog (and by the exit's wait).
     */
    private synchronized List<Turn> running() {
        long now = System.nanoTime();
        List<Turn> out = new ArrayList<>();
        for (Slot s : slots.values()) {
            long turn = (long) TURN.getAcquire(s);
            if (!s.thread.isAlive()) {
                if (slots.remove(s.thread, s)) { // also one that died in a turn: it neither computes nor waits
                    retiredMessages += (long) MESSAGES.getAcquire(s);
                }
            } else if (turn != NONE) {
                if (turn != s.seenTurn) {
                    s.seenTurn = turn;
                    s.seenSince = now;
                }
                out.add(new Turn(s.actor, s.thread, s.seenSince));
            }
        }
        return out;
    }

    private static boolean waiting(Thread t) {
        Thread.State s = t.getState();
        return s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING || s == Thread.State.BLOCKED;
    }
}
