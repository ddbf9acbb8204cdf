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

    /** @return the next id, formatted like a random UUID ({@code xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx}) */
    public synchronized String next() {
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low).toString();
    }
}
