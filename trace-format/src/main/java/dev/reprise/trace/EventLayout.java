package dev.reprise.trace;

/**
 * Bit layout of one event. Every event starts with a header byte; bits 0-2 are the kind. The rest
 * of the header and what follows depend on the kind. Ids are unsigned and never sign-extended; a
 * 2-bit width code says how each is stored:
 *
 * <pre>
 * code   format version 4                               versions 2 and 3
 * 0..2   1..3 bytes, little-endian (ids below 2^24)      1..3 bytes, little-endian
 * 3      unsigned LEB128 varint, 4..10 bytes (2^24 up)   4 bytes, little-endian (u32)
 * </pre>
 *
 * So an id below 2^24 is stored exactly as in version 3, one in [2^24, 2^28) still takes 4
 * bytes, and larger ones 5 or more (a week of ids at 10,000 a second stays below 2^33: 5 bytes).
 * Ids are 64-bit since version 4 (the subtrace counter stays 32-bit, wrapping), 32-bit before.
 *
 * <pre>
 * kind               header bits 3..7                          then
 * 0 SUBTRACE_START   4-5: actor width, 6-7: counter width       actor id, subtrace counter (u32)
 * 1 CREATION         4-5: child width, 6-7: CreationKind         child id
 * 2 MESSAGE          3: external, 4-5: sender width             sender [, varint eventType, varint dataId]
 * 3 PROMISE_MESSAGE  3: external, 4-5: sender width,            sender, resolver
 *                    6-7: resolver width                        [, varint eventType, varint dataId]
 * 4 SYSTEM_CALL      4-5: data id width                         data id
 * 5 REPEAT           3-7: count-1 (1..32)                       - (count more messages from the last sender)
 * 6 RESUME           3: first event is a message from the last  slot byte (a subtrace start in 2 bytes)
 *                    sender, 4-7: counter delta-1 (1..16)
 * 7 EXTENDED         3-7: extended kind (0 = GAP,               GAP: varint dropped-event count
 *                    1 = SYSTEM_TURN, 2 = MARKS,               SYSTEM_TURN: SystemMessageKind code byte,
 *                    3 = TURN_SENDS, 4 = WIDE_RESUME,          varint related id
 *                    5 = WIDE_RESUME whose first event is a    MARKS: varint count n, n fingerprints
 *                    message from the last sender)             TURN_SENDS: varint count of messages sent
 *                                                              WIDE_RESUME: u16, bits 0-10 the evicted
 *                                                              index, 11-14 counter delta-1, 15 zero
 * </pre>
 *
 * So a RESUME's and a WIDE_RESUME's "first event repeats" flag are both header bit 3. WIDE_RESUME
 * (format version 7 on) brings back an actor that another pushed out of its slot ({@link
 * ActorSlots}): a subtrace start in 3 bytes.
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
    static final int EXTENDED_WIDE_RESUME = 4;
    /** Header bits 3-7 of a WIDE_RESUME whose first event repeats: {@link #RESUME_FIRST_IS_REPEAT} set. */
    static final int EXTENDED_WIDE_RESUME_REPEAT = 5;
    /** A WIDE_RESUME's u16: the evicted index in bits 0-10, the counter delta-1 from bit 11. */
    static final int WIDE_RESUME_DELTA_SHIFT = 11;

    /** Width code 3: since format version 4 a varint follows; in versions 2 and 3, 4 bytes. */
    static final int VARINT_WIDTH = 3;
    /** Ids from here up take the varint width code; below, 1 to 3 bytes. */
    static final long FIRST_VARINT_ID = 1L << 24;

    /**
     * The room one append needs: a subtrace start (the recorder may write one before the event,
     * at most 1 + 10 + 5 bytes), the largest event (external promise message, 1 + 10 + 10 + 5 + 10
     * = 36 bytes; a system turn takes at most 1 + 1 + 10) and the byte that a 4-byte store of a
     * 3-byte id may spill past it: 53, rounded up.
     */
    static final int MAX_EVENT_BYTES = 56;

    private EventLayout() {}

    /** Bytes needed for an id below {@link #FIRST_VARINT_ID}: 1 for 0..255, up to 3. */
    static int smallWidth(int id) {
        return (39 - Integer.numberOfLeadingZeros(id | 1)) >>> 3;
    }
}
