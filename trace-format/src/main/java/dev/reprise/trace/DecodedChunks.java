package dev.reprise.trace;

import java.util.Arrays;

/**
 * The decoded chunks that {@link TraceIndex}'s readers share, by their place among the indexed
 * chunks ({@link ActorChunks.Entry#ordinal}). Each actor with subtraces in a chunk takes it once
 * (its reader copies its subtraces out), so a chunk is let go as soon as the last of them took
 * it, and its room goes to chunks still awaited: SleepingBarber's one-thread replay decoded its
 * 1,610 chunks 3,179 times when they were kept by age alone, 2,958 times so. A bound on their
 * size ({@link ChunkEvents#retainedBytes}) still lets the least recently taken go first.
 * Arrays by ordinal and a list threaded through them, so a lookup boxes no offset and hashes
 * nothing. Not thread-safe: its index locks.
 */
final class DecodedChunks {
    private static final int NONE = -1;

    private final ChunkEvents[] kept;
    /** Per chunk, how many actors have not taken it yet (below 1: an actor read it twice, or a reader not counted). */
    private final int[] readersLeft;
    /** The list of kept chunks, least recently taken first. */
    private final int[] older;

    private final int[] newer;
    private int oldest = NONE;
    private int newest = NONE;
    private final long bound;
    private long bytes;

    /** For {@code readers[c]} actors in chunk {@code c} (the array becomes its own), keeping at most about {@code bound} bytes. */
    DecodedChunks(int[] readers, long bound) {
        kept = new ChunkEvents[readers.length];
        readersLeft = readers;
        older = new int[readers.length];
        newer = new int[readers.length];
        Arrays.fill(older, NONE);
        Arrays.fill(newer, NONE);
        this.bound = bound;
    }

    /** Chunk {@code c} if it is kept, taken by one more reader; else null (decode it, then {@link #keep}). */
    ChunkEvents take(int c) {
        ChunkEvents hit = kept[c];
        if (hit != null) {
            taken(c);
        }
        return hit;
    }

    /** Chunk {@code c}, just decoded for one reader: kept if others will take it. Returns the one to use. */
    ChunkEvents keep(int c, ChunkEvents chunk) {
        ChunkEvents there = kept[c];
        if (there != null) { // two readers decoded it at once: the first one's is kept
            taken(c);
            return there;
        }
        if (--readersLeft[c] <= 0) {
            return chunk; // its last reader
        }
        kept[c] = chunk;
        bytes += chunk.retainedBytes();
        link(c);
        while (bytes > bound && oldest != newest) {
            drop(oldest);
        }
        return chunk;
    }

    /** How many chunks are kept (for tests). */
    int size() {
        int n = 0;
        for (int c = oldest; c != NONE; c = newer[c]) {
            n++;
        }
        return n;
    }

    private void taken(int c) {
        unlink(c);
        if (--readersLeft[c] <= 0) {
            bytes -= kept[c].retainedBytes();
            kept[c] = null;
        } else {
            link(c);
        }
    }

    private void drop(int c) {
        unlink(c);
        bytes -= kept[c].retainedBytes();
        kept[c] = null;
    }

    /** Puts {@code c} at the list's newest end. */
    private void link(int c) {
        older[c] = newest;
        newer[c] = NONE;
        if (newest != NONE) {
            newer[newest] = c;
        } else {
            oldest = c;
        }
        newest = c;
    }

    private void unlink(int c) {
        int o = older[c];
        int n = newer[c];
        if (o != NONE) {
            newer[o] = n;
        } else {
            oldest = n;
        }
        if (n != NONE) {
            older[n] = o;
        } else {
            newest = o;
        }
        older[c] = NONE;
        newer[c] = NONE;
    }
}
