package dev.reprise.runtime;

import java.util.concurrent.ThreadLocalRandom;

/**
 * For stress tests only ({@code -Dreprise.test.preemption=true}): the recording thread is held up,
 * still running, at the steps of the buffer protocol where the operating system may preempt it,
 * for up to a few flush intervals. Off, {@link #ON} is a constant false and the JIT removes every
 * call. Not for users.
 */
final class Preemption {
    static final boolean ON = Boolean.getBoolean("reprise.test.preemption");
    private static final long MAX_NANOS = Long.getLong("reprise.test.preemptionNanos", 3_000_000);

    private Preemption() {}

    /** Loads and initialises this class (and what {@link #now} uses) ahead of the first append. */
    static void load() {
        if (ON) {
            ThreadLocalRandom.current().nextInt(1);
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
