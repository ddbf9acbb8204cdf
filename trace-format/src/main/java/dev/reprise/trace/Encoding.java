package dev.reprise.trace;

/**
 * How compactly an {@link EventBuffer} encodes events. Every encoding is read by the same reader;
 * the choice only trades recording work for trace size.
 */
public enum Encoding {
    /** Smallest ids, run-length same-sender messages, and 2-byte subtrace resumption. The default. */
    COMPACT(true, true),
    /** Smallest id widths only; every message and subtrace start written in full. */
    SMALL_IDS(true, false),
    /**
     * Every id below 2^24 written with 3 bytes, the widest fixed width (larger ones as varints, as
     * in every encoding); the baseline for size comparisons.
     */
    FULL_WIDTH(false, false);

    final boolean smallIds;
    final boolean shortForms;

    Encoding(boolean smallIds, boolean shortForms) {
        this.smallIds = smallIds;
        this.shortForms = shortForms;
    }
}
