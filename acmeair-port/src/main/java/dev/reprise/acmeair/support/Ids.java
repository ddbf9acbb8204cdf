package dev.reprise.acmeair.support;

import java.util.SplittableRandom;
import java.util.UUID;

/**
 * The one source of generated ids (session, booking and flight ids): version-4 shaped UUIDs from a
 * seeded generator, so the same seed and the same order of calls give the same ids.
 *
 * <p>Every id the application makes goes through {@link #next()}, so recording or replaying ids
 * only needs to change this class.
 */
public final class Ids {
    private final SplittableRandom random;

    /** @param seed the seed; equal seeds give equal id sequences */
    public Ids(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /**
     * The ids of the {@code run}th server started on one database with {@code seed}: run 1's are
     * {@code new Ids(seed)}'s; a later run's generator starts at a point drawn from the seed and the
     * run (not the seed plus a step: a {@link SplittableRandom} seeded one step further only repeats
     * the sequence one id later), so runs do not collide.
     */
    public static Ids forRun(long seed, long run) {
        return new Ids(run == 1 ? seed : new SplittableRandom(seed ^ (run * 0xD1B54A32D192ED03L)).nextLong());
    }

    /** @return the next id, formatted like a random UUID ({@code xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx}) */
    public synchronized String next() {
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low).toString();
    }
}
