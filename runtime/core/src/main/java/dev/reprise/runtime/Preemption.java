package dev.reprise.runtime;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * For stress tests only ({@code -Dreprise.test.preemption=true}): descheduling injected at the
 * steps of the buffer protocol, now and then. Between a thread's epoch check and its append
 * ({@link #now}) it is held up still running, for up to a few flush intervals, as the operating
 * system's preemption would; at the other steps ({@link #step}: owner and writer around every
 * ownership transition) it yields or sleeps. Off, {@link #ON} is a constant false and the JIT
 * removes every call. Not for users.
 */
final class Preemption {
    static final boolean ON = Boolean.getBoolean("reprise.test.preemption");
    private static final long MAX_NANOS = Long.getLong("reprise.test.preemptionNanos", 3_000_000);

    private Preemption() {}

    /** Loads and initialises this class (and what {@link #now} uses) ahead of the first append. */
    static void load() {
        if (ON) {
            ThreadLocalRandom.current().nextInt(1);
            LockSupport.parkNanos(1);
        }
    }

    /** Yields or sleeps (up to 2 ms), now and then: a step of the protocol where waiting is allowed. */
    static void step() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        int r = random.nextInt(64);
        if (r < 4) {
            Thread.yield();
        } else if (r == 4) {
            LockSupport.parkNanos(random.nextLong(2_000_000));
        }
    }

    /** Spins (never parks: a preempted thread is still runnable) for a random time, now and then. */
    static void now() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        if (random.nextInt(64) != 0) {
            return;
        }
        long until = System.nanoTime() + random.nextLong(MAX_NANOS);
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }
}
