package dev.reprise.trace;

import java.util.Arrays;

/**
 * Per-chunk memory of the actors seen in it, shared by the writer and the reader so that both
 * apply one rule: slot = actor id &amp; 255. A slot remembers its actor, that actor's last subtrace
 * counter and the sender of its last plain message, which lets RESUME and REPEAT events omit them.
 * A slot's three values lie side by side in one array, so the recorder's actor switch touches one
 * cache line and one array.
 *
 * <p>Since format version 7 an actor that another one pushes out of its slot is kept among the
 * evicted (index = id &amp; 2047, last one wins), so a wide RESUME can bring it back with its
 * counter and last sender: a thread that switches among more than 256 actors (20,000 customers,
 * 1,000 accounts) still writes most subtrace starts in 3 bytes. The evicted are allocated on the
 * first eviction, so a chunk of 256 actors or fewer never pays for them.
 */
final class ActorSlots {
    static final int SIZE = 256;
    /** How many evicted actors a chunk keeps (a wide RESUME's 11-bit index). */
    static final int EVICTED = 2048;
    /** No actor or sender (ids are never negative). */
    static final long NONE = -1L;
    /** Longs per slot: actor, last sender, counter (and one unused, so a slot is 32 aligned bytes). */
    private static final int STRIDE = 4;

    private final long[] slots = new long[SIZE * STRIDE];
    /** Whether evicted actors are kept (format version 7 and later). */
    private final boolean keepsEvicted;

    private long[] evictedActor;
    private long[] evictedSender;
    private int[] evictedCounter;
    /** Whether an actor was evicted since the last {@link #clear()}. */
    private boolean evictedSince;

    /** @param keepsEvicted whether evicted actors are kept for a wide RESUME (format version 7 on) */
    ActorSlots(boolean keepsEvicted) {
        this.keepsEvicted = keepsEvicted;
        clear();
    }

    void clear() {
        Arrays.fill(slots, NONE);
        if (evictedSince) {
            Arrays.fill(evictedActor, NONE);
            evictedSince = false;
        }
    }

    static int slotOf(long actorId) {
        return (int) actorId & (SIZE - 1);
    }

    static int evictedIndexOf(long actorId) {
        return (int) actorId & (EVICTED - 1);
    }

    long actor(int slot) {
        return slots[slot * STRIDE];
    }

    long lastSender(int slot) {
        return slots[slot * STRIDE + 1];
    }

    void lastSender(int slot, long sender) {
        slots[slot * STRIDE + 1] = sender;
    }

    /** The slot's actor's last subtrace counter (meaningless until {@link #counter(int, int)} set it). */
    int counter(int slot) {
        return (int) slots[slot * STRIDE + 2];
    }

    void counter(int slot, int counter) {
        slots[slot * STRIDE + 2] = counter;
    }

    /** The evicted actor kept at {@code index}, or {@link #NONE}. */
    long evictedActor(int index) {
        return evictedActor == null ? NONE : evictedActor[index];
    }

    /**
     * Puts {@code actor} in its {@code slot}, which holds another actor or none. The actor it held
     * is kept among the evicted (when they are kept). When {@code actor} was itself evicted
     * earlier in the chunk, its last sender and counter come back and its evicted index is
     * returned; else its last sender is {@link #NONE}, its counter unset, and -1 returned.
     */
    int enter(int slot, long actor) {
        long sender = NONE;
        int counter = 0;
        int back = -1;
        if (keepsEvicted) {
            int e = evictedIndexOf(actor);
            if (evictedActor(e) == actor) {
                back = e;
                sender = evictedSender[e];
                counter = evictedCounter[e];
            }
            long out = actor(slot);
            if (out != NONE) {
                evict(out, lastSender(slot), counter(slot));
            }
        }
        int at = slot * STRIDE;
        slots[at] = actor;
        slots[at + 1] = sender;
        slots[at + 2] = counter;
        return back;
    }

    private void evict(long actor, long sender, int counter) {
        if (evictedActor == null) {
            evictedActor = new long[EVICTED];
            evictedSender = new long[EVICTED];
            evictedCounter = new int[EVICTED];
            Arrays.fill(evictedActor, NONE);
        }
        evictedSince = true;
        int e = evictedIndexOf(actor);
        evictedActor[e] = actor;
        evictedSender[e] = sender;
        evictedCounter[e] = counter;
    }
}
