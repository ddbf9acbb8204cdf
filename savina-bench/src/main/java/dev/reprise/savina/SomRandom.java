package dev.reprise.savina;

/**
 * The portable PRNG of SOMns {@code Savina.ns} (same recurrence as Savina's
 * {@code PseudoRandom.nextLong}): {@code seed' = (seed * 1309 + 13849) & 65535}.
 *
 * <p>{@link #nextDouble()} follows SOMns ({@code x / 65536}), not Savina ({@code 1 / (x + 1)}).
 * Instances are mutable and must stay confined to one actor (or one sequential computation).
 */
public final class SomRandom {
    /** The default seed of SOMns {@code Random new}. */
    public static final long DEFAULT_SEED = 74755;

    private long seed;
    private boolean haveNextGaussian;
    private double nextGaussian;

    /** A generator with the default seed 74755. */
    public SomRandom() {
        this(DEFAULT_SEED);
    }

    /** A generator with the given seed. */
    public SomRandom(long seed) {
        this.seed = seed;
    }

    /** The next value, in [0, 65535]; it is also the new state. */
    public long next() {
        seed = ((seed * 1309) + 13849) & 65535;
        return seed;
    }

    /** {@code next() % bound}, in [0, bound). */
    public long next(long bound) {
        return next() % bound;
    }

    /** {@code next() / 65536.0}, in [0, 1). */
    public double nextDouble() {
        return next() / 65536.0;
    }

    /** {@code next() < 32768}. */
    public boolean nextBoolean() {
        return next() < 32768;
    }

    /** A normally distributed value (polar method), as SOMns {@code nextGaussian}. */
    public double nextGaussian() {
        if (haveNextGaussian) {
            haveNextGaussian = false;
            return nextGaussian;
        }
        double v1;
        double v2;
        double s;
        do {
            v1 = 2.0 * nextDouble() - 1.0;
            v2 = 2.0 * nextDouble() - 1.0;
            s = v1 * v1 + v2 * v2;
        } while (s >= 1.0 || s == 0.0);
        double multiplier = Math.sqrt(-2.0 * Math.log(s) / s);
        nextGaussian = v2 * multiplier;
        haveNextGaussian = true;
        return v1 * multiplier;
    }

    /** Calls {@link #next()} {@code limit} times (the SOMns {@code busyWait:}); returns limit. */
    public long busyWait(long limit) {
        long test = 0;
        for (long i = 0; i < limit; i++) {
            next();
            test++;
        }
        return test;
    }
}
