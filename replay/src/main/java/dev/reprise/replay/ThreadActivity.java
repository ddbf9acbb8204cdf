package dev.reprise.replay;

import java.util.concurrent.locks.LockSupport;

/**
 * What a thread of the program is doing, as the watchdog tells a wait from a stuck replay: one
 * that runs (computes, or is in I/O) or sleeps ({@code Thread.sleep}, a timed wait with no lock or
 * future behind it) goes on by itself, as it did when recorded; one parked on a future or a lock
 * may wait for what the replay holds back.
 */
public final class ThreadActivity {
    private ThreadActivity() {}

    /** Whether {@code t} computes or is in I/O. */
    public static boolean runs(Thread t) {
        return t.getState() == Thread.State.RUNNABLE;
    }

    /**
     * Whether {@code t} goes on by itself now: it runs or sleeps. One reading of its state: a
     * thread that wakes from a short sleep between two readings (a poll loop) is not taken for waiting.
     */
    public static boolean goesOn(Thread t) {
        Thread.State s = t.getState();
        return s == Thread.State.RUNNABLE || (s == Thread.State.TIMED_WAITING && LockSupport.getBlocker(t) == null);
    }

    /** Whether {@code t} sleeps: a timed wait with no lock or future it parks on. */
    public static boolean sleeps(Thread t) {
        return t.getState() == Thread.State.TIMED_WAITING && LockSupport.getBlocker(t) == null;
    }
}
