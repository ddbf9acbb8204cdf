package dev.reprise.runtime;

import dev.reprise.trace.EventBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The writer taking recording threads' buffers over without their help: at each tick those of
 * threads that have died or been idle for a whole flush interval, so no event waits longer than
 * about two intervals to reach the file; at close every thread's, so the trace ends with all that
 * was recorded. Who may touch a buffer meanwhile: {@link BufferOwnership}.
 */
final class BufferTakeOver {
    /** The metadata's count of buffers the writer took over from their threads. */
    static final String TAKE_OVERS = "takeOvers";
    /** How long {@link Recorder#close()} waits for busy threads to hand over their buffers. */
    static final long CLOSE_GRACE_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final Recorder recorder;
    private final ThreadRegistry threads;
    private final WriterThread writer;

    BufferTakeOver(Recorder recorder, ThreadRegistry threads, WriterThread writer) {
        this.recorder = recorder;
        this.threads = threads;
        this.writer = writer;
    }

    /**
     * Writer thread, every flush interval, after the epoch advanced: takes over the buffers of
     * threads that have recorded nothing for a whole interval or have died; the dead leave.
     */
    void atTick() {
        for (ThreadRecorder r : threads) {
            boolean dead = !r.thread.isAlive();
            takeOver(r, dead, dead);
            if (dead) {
                writer.retire(r.data);
                threads.retire(r);
            }
        }
    }

    /**
     * Takes a thread's non-empty buffer without its help: when the thread has died (the whole
     * buffer), has seen no flush epoch for a whole interval (it is idle: its next event goes to
     * the slow path, sees the take-over and starts a new buffer), or when {@code force}d at close
     * (what it has published, a valid prefix; a busy thread may go on writing, so a copy is
     * written and the thread records nothing more). False if it held no buffer to steal (none,
     * handed off, or another take-over has it).
     */
    private boolean takeOver(ThreadRecorder r, boolean dead, boolean force) {
        EventBuffer b = r.steal();
        if (b == null) {
            return false;
        }
        try {
            if (Preemption.ON) {
                Preemption.step();
            }
            takeOverStolen(r, b, dead, force);
        } catch (RuntimeException | Error e) {
            r.giveBack(); // never leave the owner spinning on STEALING: the buffer stays its own
            recorder.internalError("taking over the buffer of thread " + r.thread.getName(), e);
        }
        return true;
    }

    /** {@link #takeOver} once {@code b} is stolen: takes it, or gives it back to its owner. */
    private void takeOverStolen(ThreadRecorder r, EventBuffer b, boolean dead, boolean force) {
        // Checked after the steal: a thread that woke up wrote its epoch before taking a buffer. Idle
        // means parked too: a thread preempted between its epoch check and its append has seen no
        // epoch for as long, but it is runnable, and it still writes its buffer.
        boolean idle = recorder.epoch - r.lvEpochSeen() >= 2 && parked(r.thread);
        int length = dead ? b.size() : b.publishedSize();
        int marks = dead ? b.markCount() : b.publishedMarks(); // read after the size: covers its events
        if (length == 0 && dead) {
            r.take();
            recorder.pool.release(b); // a dead thread's empty buffer: back to the pool, or it is lost with the thread
            return;
        }
        if (length == 0 || !(dead || force || idle)) {
            r.giveBack();
            return;
        }
        long sequence = r.take();
        recorder.count(TAKE_OVERS, 1);
        if (Preemption.ON) {
            Preemption.step();
        }
        if (recorder.closing && !dead && !idle) {
            writer.full.offer(
                    new WriterThread.Full(r.threadId, sequence, b.prefixCopy(length, marks), length, marks, false));
        } else {
            writer.full.offer(new WriterThread.Full(r.threadId, sequence, b, length, marks, true));
        }
    }

    /**
     * Whether {@code t} waits (parked, sleeping, blocked on a monitor): then it is not between a
     * check and an append of its own recording (which neither park nor lock), and its next
     * recording call, after it wakes, sees the new epoch first.
     */
    private static boolean parked(Thread t) {
        Thread.State s = t.getState();
        return s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING || s == Thread.State.BLOCKED;
    }

    /**
     * At close, once the recorder is closing and the epoch advanced: the closing thread hands its
     * own buffer over; busy threads are waited for (they hand over at their next event) up to the
     * grace time; then every buffer still held is taken over.
     */
    void allAtClose() {
        ThreadRecorder own = null;
        for (ThreadRecorder r : threads) {
            if (r.thread == Thread.currentThread()) {
                own = r;
            }
        }
        if (own != null) {
            own.idle();
        }
        long deadline = System.nanoTime() + CLOSE_GRACE_NANOS;
        for (ThreadRecorder r : threads) {
            // Busy threads hand over at their next event; idle ones are taken over at once.
            while (r.holding()
                    && r.thread.isAlive()
                    && recorder.epoch - r.lvEpochSeen() < 2
                    && System.nanoTime() < deadline) {
                LockSupport.parkNanos(200_000);
            }
            takeOverAtClose(r);
        }
    }

    /**
     * Takes {@code r}'s buffer at close. The writer's tick may be taking it over at this moment:
     * it then holds it (STEALING) and may give it back, the thread being busy; so the close
     * waits that out and tries again, or the buffer would stay with a thread that records
     * nothing more, and its events would be missing from a trace that ends cleanly.
     */
    private void takeOverAtClose(ThreadRecorder r) {
        while (!takeOver(r, !r.thread.isAlive(), true)) {
            int state = r.lvState();
            if (state != BufferOwnership.STEALING && state != BufferOwnership.HOLDING) {
                return; // handed off, or none held
            }
            Thread.onSpinWait(); // the tick decides briefly, and always leaves STEALING
        }
    }
}
