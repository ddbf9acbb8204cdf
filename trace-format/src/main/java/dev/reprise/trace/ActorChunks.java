package dev.reprise.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * For {@link TraceIndex}: which chunks hold each actor's subtraces, with the (unwrapped) counter
 * range in each. A recording may create millions of actors (UnbalancedCobwebbedTree: 100,000 per
 * iteration, 8 million in 80, each in about 3 chunks), and replay must open it in the heap the
 * application needs anyway. While the trace is scanned, entries are kept in primitive arrays
 * (about 20 bytes per actor and chunk it appears in, and 4 per actor id): actor ids count up from
 * small numbers, so an actor's latest entry is found by its id in a plain array (ids from
 * {@link #DENSE_IDS} up, such as outside sources, in a hash table), and each entry links to the
 * actor's previous one. {@link #compact} then writes each actor's entries as varints in one byte
 * array, about 4 bytes an entry: replay keeps the index all along, and at 20 bytes it took most
 * of the heap of a replay of millions of actors (UnbalancedCobwebbedTree: 245 MB of 356 live),
 * whose collector then ran ten times as often as the recording's. Built by one thread, then read
 * by many.
 */
final class ActorChunks {
    /**
     * One actor's entry: a chunk and the counter range of the actor's subtraces in it, with the
     * chunk's size in subtraces and events (so its decoding allocates its arrays once).
     */
    record Entry(long offset, long chunk, long minCounter, long maxCounter, int chunkSubtraces, int chunkEvents) {}

    /** Ids in [0, DENSE_IDS) are kept by id; the array grows to the highest one seen. */
    static final long DENSE_IDS = 1L << 28;
    /** No entry (entry numbers start at 1). */
    private static final int NONE = 0;

    private static final int FORGOTTEN = -1;

    // The latest entry of each actor with a small id, by id; once compacted, where its entries start in compacted.
    private int[] latestById = new int[1 << 10];
    // Other ids: open addressing from the actor id to its latest entry (NONE = free slot).
    private long[] keys = new long[1 << 4];
    private int[] latestBySlot = new int[1 << 4];
    private int actors;
    private int keyed;

    // Entries; each links to its actor's previous entry (NONE ends the list).
    private int[] chunkOf = new int[1 << 10];
    private long[] min = new long[1 << 10];
    /** max - min: a chunk holds far fewer than 2^31 subtraces. */
    private int[] span = new int[1 << 10];

    private int[] previous = new int[1 << 10];
    private int entries;
    /**
     * Once compacted: per actor, its number of entries, then for each, by lowest counter, the
     * chunk number's change (zigzag), the lowest counter's increase and the span, as varints.
     */
    private byte[] compacted;

    // Chunks, numbered in file order.
    private long[] chunkOffsets = new long[64];
    private long[] chunkIndexes = new long[64];
    private int[] chunkSubtraces = new int[64];
    private int[] chunkEvents = new int[64];
    private int chunks;

    /** The following {@link #add} calls are subtraces of the chunk at {@code offset}. */
    void startChunk(long offset, long index) {
        if (chunks == chunkOffsets.length) {
            chunkOffsets = Arrays.copyOf(chunkOffsets, chunks * 2);
            chunkIndexes = Arrays.copyOf(chunkIndexes, chunks * 2);
            chunkSubtraces = Arrays.copyOf(chunkSubtraces, chunks * 2);
            chunkEvents = Arrays.copyOf(chunkEvents, chunks * 2);
        }
        chunkOffsets[chunks] = offset;
        chunkIndexes[chunks] = index;
        chunks++;
    }

    /** A subtrace of {@code actor} with 32-bit counter {@code counter} and {@code events} events in the current chunk. */
    void add(long actor, long counter, int events) {
        if (compacted != null) {
            throw new IllegalStateException("the index is compacted: nothing can be added");
        }
        int chunk = chunks - 1;
        chunkSubtraces[chunk]++;
        chunkEvents[chunk] += events;
        int latest = latest(actor);
        if (latest == NONE) {
            actors++;
            latest(actor, newEntry(chunk, counter, NONE));
            return;
        }
        // Unwrap the 32-bit counter near the actor's last one (chunks are roughly in time order).
        long last = min[latest] + span[latest];
        long c = SubtraceOrder.unwrap(last, counter);
        if (chunkOf[latest] == chunk) {
            long low = Math.min(min[latest], c);
            span[latest] = (int) (Math.max(last, c) - low);
            min[latest] = low;
        } else {
            latest(actor, newEntry(chunk, c, latest));
        }
    }

    private int newEntry(int chunk, long counter, int previousEntry) {
        int e = ++entries;
        if (e == chunkOf.length) {
            int n = grown(chunkOf.length, e + 1);
            chunkOf = Arrays.copyOf(chunkOf, n);
            min = Arrays.copyOf(min, n);
            span = Arrays.copyOf(span, n);
            previous = Arrays.copyOf(previous, n);
        }
        chunkOf[e] = chunk;
        min[e] = counter;
        span[e] = 0;
        previous[e] = previousEntry;
        return e;
    }

    /** Called once the index is built: writes each actor's entries compactly (the arrays used to build them go). */
    void compact() {
        chunkOffsets = Arrays.copyOf(chunkOffsets, chunks);
        chunkIndexes = Arrays.copyOf(chunkIndexes, chunks);
        chunkSubtraces = Arrays.copyOf(chunkSubtraces, chunks);
        chunkEvents = Arrays.copyOf(chunkEvents, chunks);
        Compactor out = new Compactor(entries);
        for (int id = 0; id < latestById.length; id++) {
            if (latestById[id] > NONE) {
                latestById[id] = out.write(latestById[id]);
            }
        }
        for (int slot = 0; slot < latestBySlot.length; slot++) {
            if (latestBySlot[slot] > NONE) {
                latestBySlot[slot] = out.write(latestBySlot[slot]);
            }
        }
        compacted = out.bytes();
        chunkOf = null;
        min = null;
        span = null;
        previous = null;
    }

    /** Writes actors' entries into one byte array; position 0 is never an actor's ({@link #NONE}). */
    private final class Compactor {
        private byte[] out;
        private int at = 1;
        private int[] order = new int[16];

        Compactor(int entries) {
            out = new byte[(int) Math.min(Integer.MAX_VALUE - 16, 16L + 4L * entries)];
        }

        /** Writes the entries that end at {@code latest}, by lowest counter (file order among equal ones); returns where. */
        int write(int latest) {
            int n = 0;
            for (int e = latest; e > NONE; e = previous[e]) {
                if (n == order.length) {
                    order = Arrays.copyOf(order, n * 2);
                }
                order[n++] = e;
            }
            // Into file order, then a stable insertion sort by lowest counter (an actor has a few entries).
            for (int i = 0, j = n - 1; i < j; i++, j--) {
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            for (int i = 1; i < n; i++) {
                int e = order[i];
                int j = i - 1;
                while (j >= 0 && min[order[j]] > min[e]) {
                    order[j + 1] = order[j];
                    j--;
                }
                order[j + 1] = e;
            }
            int start = at;
            room(10);
            at = LittleEndian.putVarLong(out, at, n);
            int lastChunk = 0;
            long lastMin = 0;
            for (int i = 0; i < n; i++) {
                int e = order[i];
                room(30);
                long dc = chunkOf[e] - lastChunk;
                at = LittleEndian.putVarLong(out, at, (dc << 1) ^ (dc >> 63));
                at = LittleEndian.putVarLong(out, at, min[e] - lastMin);
                at = LittleEndian.putVarLong(out, at, span[e]);
                lastChunk = chunkOf[e];
                lastMin = min[e];
            }
            return start;
        }

        private void room(int bytes) {
            if (at + bytes > out.length) {
                // Past 2 GB the copy throws OutOfMemoryError, which TraceIndex.open reports with the heap it needs.
                out = Arrays.copyOf(out, (int) Math.min(Integer.MAX_VALUE, out.length + (out.length >> 1) + bytes));
            }
        }

        byte[] bytes() {
            return Arrays.copyOf(out, at);
        }
    }

    /** {@code actor}'s entries, by lowest counter (empty if it has none or was forgotten). */
    synchronized List<Entry> of(long actor) {
        int at = latest(actor);
        if (at <= NONE) {
            return List.of();
        }
        long[] read = new long[1];
        at = LittleEndian.getVarLong(compacted, at, read);
        int n = (int) read[0];
        List<Entry> out = new ArrayList<>(n);
        int chunk = 0;
        long low = 0;
        for (int i = 0; i < n; i++) {
            at = LittleEndian.getVarLong(compacted, at, read);
            long dc = read[0];
            chunk += (int) ((dc >>> 1) ^ -(dc & 1));
            at = LittleEndian.getVarLong(compacted, at, read);
            low += read[0];
            at = LittleEndian.getVarLong(compacted, at, read);
            out.add(new Entry(
                    chunkOffsets[chunk],
                    chunkIndexes[chunk],
                    low,
                    low + read[0],
                    chunkSubtraces[chunk],
                    chunkEvents[chunk]));
        }
        return out;
    }

    /** Forgets {@code actor}'s entries (their memory stays; an actor id is never reused). */
    synchronized void forget(long actor) {
        if (latest(actor) != NONE) {
            latest(actor, FORGOTTEN);
        }
    }

    /** Every actor with subtraces, forgotten or not: small ids in increasing order, then the others. */
    long[] actors() {
        long[] out = new long[actors];
        int n = 0;
        for (int id = 0; id < latestById.length; id++) {
            if (latestById[id] != NONE) {
                out[n++] = id;
            }
        }
        for (int s = 0; s < keys.length; s++) {
            if (latestBySlot[s] != NONE) {
                out[n++] = keys[s];
            }
        }
        return out;
    }

    private static boolean dense(long actor) {
        return actor >= 0 && actor < DENSE_IDS;
    }

    private int latest(long actor) {
        if (dense(actor)) {
            return actor < latestById.length ? latestById[(int) actor] : NONE;
        }
        return latestBySlot[slot(actor)];
    }

    private void latest(long actor, int entry) {
        if (dense(actor)) {
            if (actor >= latestById.length) {
                latestById = Arrays.copyOf(latestById, grown(latestById.length, (int) actor + 1));
            }
            latestById[(int) actor] = entry;
            return;
        }
        int slot = slot(actor);
        if (latestBySlot[slot] == NONE) {
            keys[slot] = actor;
            if (++keyed * 2 > keys.length) {
                latestBySlot[slot] = entry;
                growKeys();
                return;
            }
        }
        latestBySlot[slot] = entry;
    }

    /** An array's next length: half again as long (less slack than doubling, for millions of actors), at least {@code needed}. */
    private static int grown(int length, int needed) {
        return Math.max(needed, length + (length >> 1));
    }

    /** The slot of {@code actor} in the hash table: its own, or the free one where it would go. */
    private int slot(long actor) {
        int mask = keys.length - 1;
        int i = (int) ((actor * 0x9E3779B97F4A7C15L) >>> 32) & mask;
        while (latestBySlot[i] != NONE && keys[i] != actor) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private void growKeys() {
        long[] oldKeys = keys;
        int[] oldLatest = latestBySlot;
        keys = new long[oldKeys.length * 2];
        latestBySlot = new int[keys.length];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldLatest[i] != NONE) {
                int s = slot(oldKeys[i]);
                keys[s] = oldKeys[i];
                latestBySlot[s] = oldLatest[i];
            }
        }
    }
}
