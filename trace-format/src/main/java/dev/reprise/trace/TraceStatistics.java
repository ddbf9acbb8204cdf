package dev.reprise.trace;

/**
 * What a trace holds. Message counts include every kind of processed message; promise and
 * external messages are also counted on their own. Byte counts are file sizes.
 *
 * @param durationSeconds recording time, null when the recording did not end cleanly
 */
public record TraceStatistics(long actors, long messages, long promiseMessages, long externalMessages,
                              long systemCalls, long creations, long subtraces, long chunks, long droppedEvents,
                              long eventBytes, long dataBytes, Double durationSeconds) {

    /** Events-file bytes per recorded message (0 when there are none). */
    public double bytesPerMessage() {
        return messages == 0 ? 0 : (double) eventBytes / messages;
    }
}
