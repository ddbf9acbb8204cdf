package dev.reprise.trace;

/** The id ranges every writer of the trace follows, so readers can tell what an id stands for. */
public final class TraceIds {
    /** The sender of messages whose true sender is unknown (sent before recording, or by nobody). */
    public static final int UNKNOWN = 0;
    /**
     * External sources (an HTTP server, a thread outside the actor system) get pseudo-actor ids
     * from here up; actors and everything numbered as one stay below.
     */
    public static final int FIRST_EXTERNAL_SOURCE = 0x7FFF_0000;

    private TraceIds() {}

    /** True when {@code id} is an external source's pseudo-actor. */
    public static boolean isExternalSource(int id) {
        return Integer.compareUnsigned(id, FIRST_EXTERNAL_SOURCE) >= 0;
    }
}
