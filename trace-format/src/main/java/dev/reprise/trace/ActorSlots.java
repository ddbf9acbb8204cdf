package dev.reprise.trace;

import java.util.Arrays;

/**
 * Per-chunk memory of the actors seen in it, shared by the writer and the reader so that both
 * apply one rule: slot = actor id &amp; 255. A slot remembers its actor, that actor's last subtrace
 * counter and the sender of its last plain message, which lets RESUME and REPEAT events omit them.
 */
final class ActorSlots {
    static final int SIZE = 256;
    /** No actor or sender (ids are never negative). */
    static final long NONE = -1L;

    final long[] actor = new long[SIZE];
    final int[] counter = new int[SIZE];
    final long[] lastSender = new long[SIZE];

    ActorSlots() {
        clear();
    }

    void clear() {
        Arrays.fill(actor, NONE);
        Arrays.fill(lastSender, NONE);
    }

    static int slotOf(long actorId) {
        return (int) actorId & (SIZE - 1);
    }
}
