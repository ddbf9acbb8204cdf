package dev.reprise.trace;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * For {@link TraceIndex}: which chunks hold each actor's subtraces, with the (unwrapped) counter
 * range in each. Kept in primitive arrays, about 40 bytes per actor and chunk it appears in: a
 * recording may create millions of actors (UnbalancedCobwebbedTree: 4 million in 40 iterations).
 * Built by one thread, then read by many.
 */
final class ActorChunks {
    /** One actor's entry: a chunk and the counter range of the actor's subtraces in it. */
    record Entry(long offset, long chunk, long minCounter, long maxCounter) {}

    private static final int FORGOTTEN = -1;

    // Open addressing from actor id to its first and last entry (entry numbers start at 1; 0 = free slot).
    private long[] keys = new long[1 << 10];
    private int[] heads = new int[1 << 10];
    private int[] tails = new int[1 << 10];
    private int size;

    // Entries, linked per actor in file order.
    private int[] chunkOf = new int[1 << 10];
    private long[] min = new long[1 << 10];
    private long[] max = new long[1 << 10];
    private int[] next = new int[1 << 10];
    private int entries;

    // Chunks, numbered in file order.
    private long[] chunkOffsets = new long[64];
    private long[] chunkIndexes = new long[64];
    private int chunks;

    private long[] firstSeen = new long[1 << 10];

    /** The following {@link #add} calls are subtraces of the chunk at {@code offset}. */
    void startChunk(long offset, long index) {
        if (chunks == chunkOffsets.length) {
            chunkOffsets = Arrays.copyOf(chunkOffsets, chunks * 2);
            chunkIndexes = Arrays.copyOf(chunkIndexes, chunks * 2);
        }
        chunkOffsets[chunks] = offset;
        chunkIndexes[chunks] = index;
        chunks++;
    }

    /** A subtrace of {@code actor} with 32-bit counter {@code counter} in the current chunk. */
    void add(long actor, long counter) {
        int slot = slot(actor);
        int chunk = chunks - 1;
        if (heads[slot] == 0) {
            keys[slot] = actor;
            int e = newEntry(chunk, counter);
            heads[slot] = e;
            tails[slot] = e;
            if (size == firstSeen.length) {
                firstSeen = Arrays.copyOf(firstSeen, size * 2);
            }
            firstSeen[size++] = actor;
            if (size * 2 > keys.length) {
                grow();
            }
            return;
        }
        int t = tails[slot];
        // Unwrap the 32-bit counter near the actor's last one (chunks are roughly in time order).
        long c = SubtraceOrder.unwrap(max[t], counter);
        if (chunkOf[t] == chunk) {
            min[t] = Math.min(min[t], c);
            max[t] = Math.max(max[t], c);
        } else {
            int e = newEntry(chunk, c);
            next[t] = e;
            tails[slot] = e;
        }
    }

    private int newEntry(int chunk, long counter) {
        int e = ++entries;
        if (e == chunkOf.length) {
            int n = chunkOf.length * 2;
            chunkOf = Arrays.copyOf(chunkOf, n);
            min = Arrays.copyOf(min, n);
            max = Arrays.copyOf(max, n);
            next = Arrays.copyOf(next, n);
        }
        chunkOf[e] = chunk;
        min[e] = counter;
        max[e] = counter;
        return e;
    }

    /** Called once the index is built: gives back the arrays' unused room. */
    void trim() {
        int n = entries + 1;
        chunkOf = Arrays.copyOf(chunkOf, n);
        min = Arrays.copyOf(min, n);
        max = Arrays.copyOf(max, n);
        next = Arrays.copyOf(next, n);
        firstSeen = Arrays.copyOf(firstSeen, size);
        chunkOffsets = Arrays.copyOf(chunkOffsets, chunks);
        chunkIndexes = Arrays.copyOf(chunkIndexes, chunks);
    }

    /** {@code actor}'s entries, by lowest counter (empty if it has none or was forgotten). */
    synchronized List<Entry> of(long actor) {
        int slot = slot(actor);
        int e = heads[slot];
        List<Entry> out = new ArrayList<>(2);
        for (; e > 0; e = next[e]) {
            out.add(new Entry(chunkOffsets[chunkOf[e]], chunkIndexes[chunkOf[e]], min[e], max[e]));
        }
        out.sort((a, b) -> Long.compare(a.minCounter(), b.minCounter()));
        return out;
    }

    /** Forgets {@code actor}'s entries (their memory stays; an actor id is never reused). */
    synchronized void forget(long actor) {
        int slot = slot(actor);
        if (heads[slot] != 0) {
            heads[slot] = FORGOTTEN;
        }
    }

    /** Actors in order of first appearance. */
    List<Long> actors() {
        int n = size;
        long[] a = firstSeen;
        return new AbstractList<>() {
            @Override
            public Long get(int i) {
                return a[i];
            }

            @Override
            public int size() {
                return n;
            }
        };
    }

    /** The slot of {@code actor}: its own, or the free one where it would go. */
    private int slot(long actor) {
        int mask = keys.length - 1;
        int i = (int) ((actor * 0x9E3779B97F4A7C15L) >>> 32) & mask;
        while (heads[i] != 0 && keys[i] != actor) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldHeads = heads;
        int[] oldTails = tails;
        keys = new long[oldKeys.length * 2];
        heads = new int[keys.length];
        tails = new int[keys.length];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldHeads[i] != 0) {
                int s = slot(oldKeys[i]);
                keys[s] = oldKeys[i];
                heads[s] = oldHeads[i];
                tails[s] = oldTails[i];
            }
        }
    }
}
