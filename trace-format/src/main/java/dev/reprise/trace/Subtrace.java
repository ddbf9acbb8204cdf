package dev.reprise.trace;

import java.util.List;

/**
 * A run of one actor's events written by one thread without interruption. The reader puts an
 * actor's subtraces back in {@code counter} order (the counter is unwrapped from its 32 recorded
 * bits, so it keeps growing past 2^32).
 *
 * @param marks the {@link Fingerprint}s of the subtrace's messages and creations, in order (may be
 *     shorter: those past its end have none)
 */
public record Subtrace(long actor, long counter, List<TraceEvent> events, ChunkInfo origin, byte[] marks) {
    static final byte[] NO_MARKS = new byte[0];

    public Subtrace {
        events = List.copyOf(events);
    }

    /** A subtrace without fingerprints. */
    public Subtrace(long actor, long counter, List<TraceEvent> events, ChunkInfo origin) {
        this(actor, counter, events, origin, NO_MARKS);
    }

    /** The same subtrace with its counter unwrapped to {@code c}. */
    Subtrace withCounter(long c) {
        return c == counter ? this : new Subtrace(actor, c, events, origin, marks);
    }

    /** The fingerprint of the subtrace's {@code n}-th message or creation (from 0), or {@link Fingerprint#NONE}. */
    public byte mark(int n) {
        return n < marks.length ? marks[n] : Fingerprint.NONE;
    }

    /** Whether {@code e} carries a fingerprint: every kind of message, and creations. */
    public static boolean isMarked(TraceEvent e) {
        return e.isMessage() || e instanceof TraceEvent.Creation;
    }
}
