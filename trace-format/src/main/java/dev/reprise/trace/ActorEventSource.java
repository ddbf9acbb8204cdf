package dev.reprise.trace;

import java.io.IOException;

/** One actor's recorded events in order, however they are read. */
public interface ActorEventSource {
    /** The next event, or null when the actor's events are exhausted (see {@link #missingSubtrace()}). */
    TraceEvent next() throws IOException;

    /** The {@link Fingerprint} of the event {@link #next()} returned last ({@link Fingerprint#NONE} if it has none). */
    byte fingerprint();

    /** The subtrace the last event came from (null before the first). */
    Subtrace currentSubtrace();

    /** After the end: -1 if the actor's subtraces were complete, else the first missing counter. */
    long missingSubtrace();
}
