package dev.reprise.runtime;

import dev.reprise.trace.EventBuffer;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Who may touch a recording thread's event buffer and its chunk sequence: the thread that appends
 * to it (the owner) or the writer thread taking it over. {@link ThreadRecorder} extends this class
 * so that its appends read {@link #buffer} as a plain field of their own, with no indirection.
 *
 * <pre>
 *   from         to           who     accessor       ordering  why this ordering
 *   NOT_HOLDING  HOLDING      owner   acquire        release   buffer stored before: a writer that sees HOLDING sees it
 *   HOLDING      NOT_HOLDING  owner   release        CAS       races the writer's HOLDING -> STEALING
 *   HOLDING      STEALING     writer  steal          CAS       races the owner's hand-off; acquires the buffer
 *   STEALING     HOLDING      writer  giveBack       release   the writer leaves the buffer (busy, empty, or it failed)
 *   STEALING     TAKEN        writer  take           release   publishes the sequence it advanced
 *   TAKEN        NOT_HOLDING  owner   release        release   the owner saw the take-over; the buffer is the writer's
 * </pre>
 *
 * <p>Invariants:
 * <ul>
 *   <li>Only the owner moves out of NOT_HOLDING and TAKEN, only the writer out of STEALING; so
 *       two of the four transitions need no CAS.</li>
 *   <li>{@link #sequence} is written by the owner in NOT_HOLDING (after a hand-off) and by the
 *       writer in STEALING: never by both, and each publishes it with its next state store.</li>
 *   <li>{@link #buffer} is written only by the owner, in NOT_HOLDING or TAKEN; the writer reads it
 *       only in STEALING. A buffer the writer took is never the owner's again: the owner sees
 *       TAKEN before its next append, because it hands off (and so reads the state) before.</li>
 *   <li>The owner spins only while the state is STEALING, and the writer always leaves STEALING
 *       (failing included: {@link #giveBack}), so a hand-off never waits for long.</li>
 * </ul>
 * When the writer may take a buffer that is not yet handed off (the owner is dead, or waits, or
 * the recording closes) is {@link Recorder}'s decision, not this protocol's.
 */
class BufferOwnership {
    static final int NOT_HOLDING = 0;
    static final int HOLDING = 1;
    static final int STEALING = 2;
    static final int TAKEN = 3;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(BufferOwnership.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The buffer the owner appends to, or null; see the class invariants for who may touch it. */
    EventBuffer buffer;
    /** The sequence number of this thread's next chunk. */
    long sequence;

    private volatile int state = NOT_HOLDING;

    /** The state, with a volatile read. */
    final int lvState() {
        return state;
    }

    private void soState(int s) {
        STATE.setRelease(this, s);
    }

    private boolean casState(int expect, int update) {
        return STATE.compareAndSet(this, expect, update);
    }

    /**
     * Owner: starts appending to {@code b}. False if the writer took the last buffer at close and
     * the state stays TAKEN: the thread records nothing more.
     */
    final boolean acquire(EventBuffer b) {
        if (lvState() != NOT_HOLDING) {
            return false;
        }
        buffer = b;
        if (Preemption.ON) {
            Preemption.step();
        }
        soState(HOLDING);
        return true;
    }

    /**
     * Owner: gives the buffer up. Returns it, for the owner to submit as chunk {@link #sequence}
     * (then advanced) or to pool; or null when the writer took it over meanwhile (or none was held). After a take-over at close
     * ({@code closing}) the state stays TAKEN, and {@link #acquire} refuses.
     */
    final EventBuffer release(boolean closing) {
        EventBuffer b = buffer;
        if (Preemption.ON) {
            Preemption.step();
        }
        while (!casState(HOLDING, NOT_HOLDING)) {
            int s = lvState();
            if (s == NOT_HOLDING) {
                return null; // held nothing
            }
            if (s == TAKEN) {
                buffer = null;
                if (!closing) {
                    soState(NOT_HOLDING);
                }
                return null;
            }
            Thread.onSpinWait(); // STEALING: the writer decides, briefly
            if (Preemption.ON) {
                Preemption.step();
            }
        }
        buffer = null;
        return b;
    }

    /** Writer: stops the owner's hand-off and returns the buffer to look at; null if the owner holds none. */
    final EventBuffer steal() {
        if (!casState(HOLDING, STEALING)) {
            return null;
        }
        EventBuffer b = buffer;
        if (b == null) {
            giveBack(); // cannot happen (acquire stores the buffer first); never leave the owner spinning
        }
        return b;
    }

    /** Writer, after {@link #steal}: leaves the buffer to its owner. */
    final void giveBack() {
        soState(HOLDING);
    }

    /** Writer, after {@link #steal}: the buffer is the writer's now, as the returned chunk sequence. */
    final long take() {
        long s = sequence++;
        soState(TAKEN);
        return s;
    }

    /** Whether the owner holds a buffer (a snapshot, for waiting at close). */
    final boolean holding() {
        return lvState() == HOLDING;
    }
}
