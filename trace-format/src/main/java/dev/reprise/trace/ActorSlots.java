package dev.reprise.trace;

import java.util.Arrays;

/**
 * Per-chunk memory of the actors seen in it, shared by the writer and the reader so that both
 * apply one rule: slot = actor id &amp; 255. A slot remembers its actor, that actor's last subtrace
 * counter and the sender of its last plain message, which lets RESUME and REPEAT events omit them.
 * A slot's three values lie side by side in one array, so the recorder's actor switch touches one
 * cache line and one array.
 */
final class ActorSlots {
    static final int SIZE = 256;
    /** No actor or sender (ids are never negative). */
    static final long NONE = -1L;
    /** Longs per slot: actor, last sender, counter (and one unused, so a slot is 32 aligned bytes). */
    private static final int STRIDE = 4;

    private final long[] slots = new long[SIZE * STRIDE];

    ActorSlots() {
        clear();
    }

    void clear() {
        Arrays.fill(slots, NONE);
    }

    static int slotOf(long actorId) {
        return (int) actorId & (SIZE - 1);
    }

    long actor(int slot) {
        return slots[slot * STRIDE];
    }

    void actor(int slot, long actor) {
        slots[slot * STRIDE] = actor;
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
}
