package dev.reprise.trace;

import java.io.IOException;
import java.util.Arrays;
import java.util.NoSuchElementException;

/**
 * For {@link TraceIndex}: which chunks hold each actor's subtraces, with the (unwrapped) counter
 * range in each. A recording may create millions of actors (UnbalancedCobwebbedTree: 100,000 per
 * iteration, 12 million in 120, each in about 3 chunks), and replay must open it beside the heap
 * the application needs: the index lives outside the Java heap, in {@link MappedStore}s. While the
 * trace is scanned, each entry takes 16 bytes (its lowest counter, span and the actor's previous
 * entry) and each actor id 4: actor ids count up from small numbers, so an actor's latest entry is
 * found by its id (ids from {@link #DENSE_IDS} up, such as outside sources, in a hash table on the
 * heap). An entry's chunk is not kept: entries are numbered in chunk order. {@link #compact} then
 * writes each actor's entries as varints, about 4 bytes an entry, and the build's store goes.
 * Built on the heap, the index took most of a 1 GB replay of 3 million actors (245 MB of 356 MB
 * live, the collector running ten times as often as the recording's), and 12 million did not fit
 * at all. Built by one thread, then read by many.
 */
final class ActorChunks implements AutoCloseable {
    /**
     * One actor's entry: a chunk and the counter range of the actor's subtraces in it, with the
     * chunk's size in subtraces and events (so its decoding allocates its arrays once). {@code
     * ordinal} numbers the indexed chunks from 0 in file order ({@code chunk} is the file's own
     * chunk index, which counts chunks without subtraces too).
     */
    record Entry(
            long offset,
            long chunk,
            int ordinal,
            long minCounter,
            long maxCounter,
            int chunkSubtraces,
            int chunkEvents) {}

    /** Ids in [0, DENSE_IDS) are kept by id. */
    static final long DENSE_IDS = 1L << 28;
    /** No entry (entry numbers and compacted positions start at 1). */
    private static final int NONE = 0;

    private static final int FORGOTTEN = -1;

    /**
     * An int per actor with a small id: its latest entry while built; once compacted, where its
     * entries start in {@link #compacted}.
     */
    private final MappedStore byId;
    /** One past the highest small id met. */
    private long idLimit;
    // Other ids: open addressing from the actor id to its latest entry (NONE = free slot).
    private long[] keys = new long[1 << 4];
    private int[] latestBySlot = new int[1 << 4];
    private int actors;
    private int keyed;

    /**
     * While built: entry e at 16 * e: its lowest counter (long), span (max - min: a chunk holds
     * far fewer than 2^31 subtraces) and the actor's previous entry (NONE ends the list).
     */
    private MappedStore entryStore;

    private static final int ENTRY_BYTES = 16;
    private int entries;
    /**
     * Once compacted: per actor, its number of entries, then for each, by lowest counter, the
     * chunk number's change (zigzag), the lowest counter's increase and the span, as varints.
     */
    private MappedStore compacted;

    // Chunks, numbered in file order.
    private long[] chunkOffsets = new long[64];
    private long[] chunkIndexes = new long[64];
    private int[] chunkSubtraces = new int[64];
    private int[] chunkEvents = new int[64];
    /** Per chunk, the number its first new entry has (or would have): entry e is in the last chunk whose first is at most e. */
    private int[] firstEntry = new int[64];
    /**
     * Per chunk, how many actors have subtraces in it (its entries: one per actor): made from
     * {@link #firstEntry} by {@link #compact}, then handed over by {@link #takeActorsPerChunk}.
     */
    private int[] actorsPerChunk;

    private int chunks;

    private final int segmentBits;

    ActorChunks() throws IOException {
        this(MappedStore.SEGMENT_BITS);
    }

    /** With its stores mapped in segments of 2^segmentBits bytes (tests cross them with little data). */
    ActorChunks(int segmentBits) throws IOException {
        this.segmentBits = segmentBits;
        byId = MappedStore.create("index-ids", segmentBits);
        entryStore = MappedStore.create("index-build", segmentBits);
    }

    /** The following {@link #add} calls are subtraces of the chunk at {@code offset}. */
    void startChunk(long offset, long index) {
        if (chunks == chunkOffsets.length) {
            chunkOffsets = Arrays.copyOf(chunkOffsets, chunks * 2);
            chunkIndexes = Arrays.copyOf(chunkIndexes, chunks * 2);
            chunkSubtraces = Arrays.copyOf(chunkSubtraces, chunks * 2);
            chunkEvents = Arrays.copyOf(chunkEvents, chunks * 2);
            firstEntry = Arrays.copyOf(firstEntry, chunks * 2);
        }
        firstEntry[chunks] = entries + 1;
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
            latest(actor, newEntry(counter, NONE));
            return;
        }
        // Unwrap the 32-bit counter near the actor's last one (chunks are roughly in time order).
        long at = (long) latest * ENTRY_BYTES;
        long min = entryStore.getLong(at);
        long last = min + entryStore.getInt(at + 8);
        long c = SubtraceOrder.unwrap(last, counter);
        if (latest >= firstEntry[chunk]) { // the actor's latest entry is this chunk's
            long low = Math.min(min, c);
            entryStore.putLong(at, low);
            entryStore.putInt(at + 8, (int) (Math.max(last, c) - low));
        } else {
            latest(actor, newEntry(c, latest));
        }
    }

    private int newEntry(long counter, int previousEntry) {
        if (entries == Integer.MAX_VALUE - 1) {
            throw new IllegalStateException("the trace has more than 2^31 index entries");
        }
        int e = ++entries;
        long at = (long) e * ENTRY_BYTES;
        entryStore.ensure(at + ENTRY_BYTES);
        entryStore.putLong(at, counter);
        entryStore.putInt(at + 12, previousEntry); // the span starts at 0, as the store does
        return e;
    }

    private long min(int e) {
        return entryStore.getLong((long) e * ENTRY_BYTES);
    }

    private int span(int e) {
        return entryStore.getInt((long) e * ENTRY_BYTES + 8);
    }

    private int previous(int e) {
        return entryStore.getInt((long) e * ENTRY_BYTES + 12);
    }

    /** The chunk of entry {@code e}: the last one whose first entry is at most {@code e}. */
    private int chunkOf(int e) {
        int low = 0;
        int high = chunks - 1;
        while (low < high) {
            int mid = (low + high + 1) >>> 1;
            if (firstEntry[mid] <= e) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        return low;
    }

    /** Called once the index is built: writes each actor's entries compactly (the build's store goes). */
    void compact() throws IOException {
        chunkOffsets = Arrays.copyOf(chunkOffsets, chunks);
        chunkIndexes = Arrays.copyOf(chunkIndexes, chunks);
        chunkSubtraces = Arrays.copyOf(chunkSubtraces, chunks);
        chunkEvents = Arrays.copyOf(chunkEvents, chunks);
        actorsPerChunk = new int[chunks];
        for (int c = 0; c < chunks; c++) { // a chunk's new entries are numbered one after the other
            actorsPerChunk[c] = (c + 1 < chunks ? firstEntry[c + 1] : entries + 1) - firstEntry[c];
        }
        Compactor out = new Compactor(MappedStore.create("index", segmentBits));
        for (long id = 0; id < idLimit; id++) {
            int latest = byId.getInt(id * Integer.BYTES);
            if (latest > NONE) {
                byId.putInt(id * Integer.BYTES, out.write(latest));
            }
        }
        for (int slot = 0; slot < latestBySlot.length; slot++) {
            if (latestBySlot[slot] > NONE) {
                latestBySlot[slot] = out.write(latestBySlot[slot]);
            }
        }
        compacted = out.store;
        firstEntry = null;
        entryStore.close();
        entryStore = null;
        // Neither grows any more (forgetting writes an id met already): their files need no descriptor.
        byId.close();
        compacted.close();
    }

    /** Writes actors' entries into one store; position 0 is never an actor's ({@link #NONE}). */
    private final class Compactor {
        final MappedStore store;
        private long at = 1;
        private int[] order = new int[16];

        Compactor(MappedStore store) {
            this.store = store;
        }

        /** Writes the entries that end at {@code latest}, by lowest counter (file order among equal ones); returns where. */
        int write(int latest) {
            if (at > Integer.MAX_VALUE) {
                throw new IllegalStateException("the trace's index passes 2 GB");
            }
            int n = 0;
            for (int e = latest; e > NONE; e = previous(e)) {
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
                while (j >= 0 && min(order[j]) > min(e)) {
                    order[j + 1] = order[j];
                    j--;
                }
                order[j + 1] = e;
            }
            int start = (int) at;
            at = store.putVarLong(at, n);
            int lastChunk = 0;
            long lastMin = 0;
            for (int i = 0; i < n; i++) {
                int e = order[i];
                int chunk = chunkOf(e);
                long dc = chunk - lastChunk;
                at = store.putVarLong(at, (dc << 1) ^ (dc >> 63));
                at = store.putVarLong(at, min(e) - lastMin);
                at = store.putVarLong(at, span(e));
                lastChunk = chunk;
                lastMin = min(e);
            }
            return start;
        }
    }

    /** {@code actor}'s entries, by lowest counter (none if it has none or was forgotten). */
    synchronized Entries of(long actor) {
        return new Entries(latest(actor));
    }

    /**
     * One actor's entries, read from the compacted index one at a time (it no longer changes, so
     * reading it needs no lock). A replay holds this for each live actor: a list of all its
     * entries was the largest share of the replay's own live heap (UnbalancedCobwebbedTree:
     * 308,000 entries of 56 bytes for 94,000 live actors), and kept SleepingBarber's at up to
     * 101 MB where 46 do. Not thread-safe: its {@link ActorRuns} locks.
     */
    final class Entries {
        private final long[] read = new long[1];
        private long at;
        private int left;
        // The next entry, read ahead (valid while left > 0).
        private int chunk;
        private long low;
        private long span;

        private Entries(int start) {
            if (start > NONE) {
                at = compacted.getVarLong(start, read);
                left = (int) read[0];
                readNext(0, 0);
            }
        }

        boolean hasNext() {
            return left > 0;
        }

        /** The next entry's lowest counter (while {@link #hasNext}). */
        long nextMinCounter() {
            return low;
        }

        Entry next() {
            if (left <= 0) {
                throw new NoSuchElementException();
            }
            Entry e = new Entry(
                    chunkOffsets[chunk],
                    chunkIndexes[chunk],
                    chunk,
                    low,
                    low + span,
                    chunkSubtraces[chunk],
                    chunkEvents[chunk]);
            if (--left > 0) {
                readNext(chunk, low);
            }
            return e;
        }

        private void readNext(int lastChunk, long lastLow) {
            at = compacted.getVarLong(at, read);
            long dc = read[0];
            chunk = lastChunk + (int) ((dc >>> 1) ^ -(dc & 1));
            at = compacted.getVarLong(at, read);
            low = lastLow + read[0];
            at = compacted.getVarLong(at, read);
            span = read[0];
        }
    }

    /**
     * Per chunk, by {@link Entry#ordinal}, how many actors have subtraces in it: as many entries
     * name it. Once compacted, and once: the caller owns the array (its readers' counts).
     */
    int[] takeActorsPerChunk() {
        int[] taken = actorsPerChunk;
        if (taken == null) {
            throw new IllegalStateException("not compacted, or handed over already");
        }
        actorsPerChunk = null;
        return taken;
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
        for (long id = 0; id < idLimit; id++) {
            if (byId.getInt(id * Integer.BYTES) != NONE) {
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
            return actor < idLimit ? byId.getInt(actor * Integer.BYTES) : NONE;
        }
        return latestBySlot[slot(actor)];
    }

    private void latest(long actor, int entry) {
        if (dense(actor)) {
            if (actor >= idLimit) {
                idLimit = actor + 1;
                byId.ensure(idLimit * Integer.BYTES);
            }
            byId.putInt(actor * Integer.BYTES, entry);
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

    /** Closes the index's files; what was read stays readable until it is collected. */
    @Override
    public void close() throws IOException {
        byId.close();
        if (entryStore != null) {
            entryStore.close();
        }
        if (compacted != null) {
            compacted.close();
        }
    }
}
