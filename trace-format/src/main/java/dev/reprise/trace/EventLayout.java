package dev.reprise.trace;

/**
 * Bit layout of one event. Every event starts with a header byte; bits 0-2 are the kind. The rest
 * of the header and what follows depend on the kind (ids are unsigned, little-endian, 1-4 bytes):
 *
 * <pre>
 * kind               header bits 3..7                          then
 * 0 SUBTRACE_START   4-5: actor width-1, 6-7: counter width-1   actor id, subtrace counter (u32)
 * 1 CREATION         4-5: child width-1, 6-7: CreationKind       child id
 * 2 MESSAGE          3: external, 4-5: sender width-1           sender [, varint eventType, varint dataId]
 * 3 PROMISE_MESSAGE  3: external, 4-5: sender width-1,          sender, resolver
 *                    6-7: resolver width-1                      [, varint eventType, varint dataId]
 * 4 SYSTEM_CALL      4-5: data id width-1                       data id
 * 5 REPEAT           3-7: count-1 (1..32)                       - (count more messages from the last sender)
 * 6 RESUME           3: first event is a message from the last  slot byte (a subtrace start in 2 bytes)
 *                    sender, 4-7: counter delta-1 (1..16)
 * 7 EXTENDED         3-7: extended kind (0 = GAP,               GAP: varint dropped-event count
 *                    1 = SYSTEM_TURN, 2 = MARKS,               SYSTEM_TURN: SystemTurnKind code byte,
 *                    3 = TURN_SENDS)                           varint related id
 *                                                              MARKS: varint count n, n fingerprints
 *                                                              TURN_SENDS: varint count of messages sent
 * </pre>
 *
 * MARKS, when present, is the chunk's last event: the {@link Fingerprint}s of the chunk's messages
 * (one per message a REPEAT stands for) and creations, in order. It may hold fewer than there are
 * (a chunk taken over mid-turn); the rest have none.
 *
 * Unused header bits must be zero. REPEAT and RESUME refer to per-chunk state kept identically by
 * writer and reader in {@link ActorSlots}.
 */
final class EventLayout {
    static final int SUBTRACE_START = 0;
    static final int CREATION = 1;
    static final int MESSAGE = 2;
    static final int PROMISE_MESSAGE = 3;
    static final int SYSTEM_CALL = 4;
    static final int REPEAT = 5;
    static final int RESUME = 6;
    static final int EXTENDED = 7;

    static final int KIND_MASK = 0x07;
    static final int EXTERNAL_BIT = 0x08;
    static final int FIRST_WIDTH_SHIFT = 4;
    static final int SECOND_WIDTH_SHIFT = 6;

    static final int MAX_RESUME_DELTA = 16;
    static final int RESUME_FIRST_IS_REPEAT = 0x08;
    static final int RESUME_DELTA_SHIFT = 4;

    static final int EXTENDED_GAP = 0;
    static final int EXTENDED_SYSTEM_TURN = 1;
    static final int EXTENDED_MARKS = 2;
    static final int EXTENDED_TURN_SENDS = 3;

    /**
     * Upper bound of one event's size plus the 3 bytes that a 4-byte store of a narrower id may
     * spill past it (largest: external promise message, 1 + 4 + 4 + 5 + 5 = 19 bytes;
     * a system turn takes at most 1 + 1 + 5).
     */
    static final int MAX_EVENT_BYTES = 32;

    private EventLayout() {}

    /** Bytes needed for an unsigned 32-bit id: 1 for 0..255, up to 4. */
    static int smallWidth(int id) {
        return (39 - Integer.numberOfLeadingZeros(id | 1)) >>> 3;
    }
}
