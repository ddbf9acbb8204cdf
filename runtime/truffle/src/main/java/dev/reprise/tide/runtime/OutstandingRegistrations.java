package dev.reprise.tide.runtime;

/**
 * An actor's outstanding {@code whenResolved} registrations per expected resolver: a map from a
 * resolver id to the registration numbers it has outstanding, oldest first, in primitive arrays
 * (open addressing with linear probing; each resolver's numbers in a ring). Every callback of a
 * traced run looks here twice, so no lookup boxes an id or allocates; a resolver whose last
 * registration ran is removed, so the table holds only resolvers with something outstanding.
 * Confined to the actor's turns, as {@link Registrations} is.
 */
final class OutstandingRegistrations {
    private static final int NO_SLOT = -1;

    private long[] resolvers = new long[16];
    private long[][] rings = new long[16][];
    private int[] heads = new int[16];
    private int[] counts = new int[16]; // 0: the slot is free
    private int used;

    /** The oldest outstanding registration expected from {@code resolver}, or -1. */
    long oldest(long resolver) {
        int slot = find(resolver);
        return slot == NO_SLOT ? -1 : rings[slot][heads[slot]];
    }

    /** Adds registration {@code r}, newer than every other, for {@code resolver}. */
    void add(long resolver, long r) {
        int slot = find(resolver);
        if (slot == NO_SLOT) {
            if (2 * (used + 1) > resolvers.length) {
                grow();
            }
            slot = freeSlotFor(resolver);
            resolvers[slot] = resolver;
            heads[slot] = 0;
            if (rings[slot] == null) {
                rings[slot] = new long[4];
            }
            used++;
        }
        long[] ring = rings[slot];
        if (counts[slot] == ring.length) {
            ring = widen(slot);
        }
        ring[(heads[slot] + counts[slot]) & (ring.length - 1)] = r;
        counts[slot]++;
    }

    /** Removes registration {@code r} of {@code resolver} (usually its oldest); forgets the resolver when none is left. */
    void remove(long resolver, long r) {
        int slot = find(resolver);
        if (slot == NO_SLOT) {
            return;
        }
        long[] ring = rings[slot];
        int mask = ring.length - 1;
        int n = counts[slot];
        int h = heads[slot];
        int at = 0;
        while (at < n && ring[(h + at) & mask] != r) {
            at++;
        }
        if (at == n) {
            return;
        }
        for (int i = at; i > 0; i--) { // close the gap from the old end: usually no move at all
            ring[(h + i) & mask] = ring[(h + i - 1) & mask];
        }
        heads[slot] = (h + 1) & mask;
        counts[slot] = n - 1;
        if (n == 1) {
            delete(slot);
        }
    }

    /** How many resolvers have registrations outstanding. */
    int resolvers() {
        return used;
    }

    private int find(long resolver) {
        int mask = resolvers.length - 1;
        for (int i = hash(resolver) & mask; counts[i] != 0; i = (i + 1) & mask) {
            if (resolvers[i] == resolver) {
                return i;
            }
        }
        return NO_SLOT;
    }

    private int freeSlotFor(long resolver) {
        int mask = resolvers.length - 1;
        int i = hash(resolver) & mask;
        while (counts[i] != 0) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private long[] widen(int slot) {
        long[] old = rings[slot];
        long[] ring = new long[old.length * 2];
        for (int i = 0; i < counts[slot]; i++) {
            ring[i] = old[(heads[slot] + i) & (old.length - 1)];
        }
        heads[slot] = 0;
        rings[slot] = ring;
        return ring;
    }

    // Linear probing's deletion: moves later entries of the probe run back into the hole, so
    // every lookup still finds its key before a free slot. The freed ring stays for reuse.
    private void delete(int hole) {
        int mask = resolvers.length - 1;
        used--;
        int i = hole;
        while (true) {
            i = (i + 1) & mask;
            if (counts[i] == 0) {
                break;
            }
            int home = hash(resolvers[i]) & mask;
            boolean movable = hole <= i ? home <= hole || home > i : home <= hole && home > i;
            if (movable) {
                move(i, hole);
                hole = i;
            }
        }
    }

    private void move(int from, int to) {
        long[] spare = rings[to];
        resolvers[to] = resolvers[from];
        rings[to] = rings[from];
        heads[to] = heads[from];
        counts[to] = counts[from];
        rings[from] = spare;
        counts[from] = 0;
    }

    private void grow() {
        long[] oldResolvers = resolvers;
        long[][] oldRings = rings;
        int[] oldHeads = heads;
        int[] oldCounts = counts;
        int size = oldResolvers.length * 2;
        resolvers = new long[size];
        rings = new long[size][];
        heads = new int[size];
        counts = new int[size];
        for (int i = 0; i < oldResolvers.length; i++) {
            if (oldCounts[i] != 0) {
                int slot = freeSlotFor(oldResolvers[i]);
                resolvers[slot] = oldResolvers[i];
                rings[slot] = oldRings[i];
                heads[slot] = oldHeads[i];
                counts[slot] = oldCounts[i];
            }
        }
    }

    private static int hash(long resolver) {
        long h = resolver * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 32);
    }
}
