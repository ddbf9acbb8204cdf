package dev.reprise.agent.perturb;

/**
 * Pseudo-random numbers from a seed and an index (SplitMix64's mixing), with no state to share
 * between threads. Not the JDK's generators: the agent records their values at their source, and
 * a choice of the perturbation recorded in an actor's turn would make its replay diverge.
 */
final class SeededChoices {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private SeededChoices() {}

    /** The {@code index}th number of the sequence that {@code seed} starts. */
    static long at(long seed, long index) {
        long z = seed + (index + 1) * GOLDEN;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A number in [0, bound) from {@code r}. */
    static long below(long r, long bound) {
        return Long.remainderUnsigned(r, bound);
    }

    /** A fraction in [0, 1) from {@code r}. */
    static double fraction(long r) {
        return (r >>> 11) * 0x1.0p-53;
    }
}
