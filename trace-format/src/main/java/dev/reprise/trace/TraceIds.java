package dev.reprise.trace;

/**
 * The id ranges every writer of the trace follows, so readers can tell what an id stands for.
 * Ids are non-negative longs. Actors, and everything numbered as one, count up from small ids
 * (a week at 10,000 ids a second stays below 2^33); the ranges above are far from them. Traces
 * of format version 3 and older had 32-bit ids and other ranges, which the methods taking a
 * format version still recognise.
 */
public final class TraceIds {
    /** The sender of messages whose true sender is unknown (sent before recording, or by nobody). */
    public static final long UNKNOWN = 0;
    /**
     * External sources (an HTTP server, a thread outside the actor system) get pseudo-actor ids
     * from here up (2^48: 890 years of ids at 10,000 a second); actors and everything numbered as
     * one stay below.
     */
    public static final long FIRST_EXTERNAL_SOURCE = 1L << 48;
    /** The recorder's own pseudo-actor, whose subtrace holds the gap written at the end of a recording. */
    public static final long RECORDER = Long.MAX_VALUE;

    /** {@link #FIRST_EXTERNAL_SOURCE} in format versions 2 and 3. */
    private static final long FIRST_EXTERNAL_SOURCE_32 = 0x7FFF_0000L;
    /** {@link #RECORDER} in format versions 2 and 3 (-1 as a u32). */
    private static final long RECORDER_32 = 0xFFFF_FFFFL;

    private TraceIds() {}

    /** True when {@code id}, read from a trace of format {@code formatVersion}, is an external source's pseudo-actor. */
    public static boolean isExternalSource(long id, int formatVersion) {
        return id >= (formatVersion >= FileHeader.WIDE_IDS ? FIRST_EXTERNAL_SOURCE : FIRST_EXTERNAL_SOURCE_32);
    }

    /** True when {@code id}, read from a trace of format {@code formatVersion}, is the recorder's own pseudo-actor. */
    public static boolean isRecorder(long id, int formatVersion) {
        return id == (formatVersion >= FileHeader.WIDE_IDS ? RECORDER : RECORDER_32);
    }
}
