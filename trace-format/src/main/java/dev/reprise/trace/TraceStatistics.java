package dev.reprise.trace;

import java.util.Locale;

/**
 * What a trace holds, under the names that {@code reprise stats}, {@code verify} and the replay
 * summary all use. Actors are actors: the ids that processed messages or were created as actors,
 * guardians included. Temp actors (asks), timers and promises are numbered like actors so that
 * replay can give them the same ids, but are counted apart, and so are external sources (threads
 * and declared sources outside the actor system). Message counts include every kind of processed
 * message; promise and external messages are also counted on their own. Byte counts are file sizes.
 *
 * @param systemMessages system messages handled among ordinary messages (supervision, restarts, stops, death watch)
 * @param creations everything created: actors (not the guardians), temp actors, timers, promises
 * @param durationSeconds recording time, null when the recording did not end cleanly
 */
public record TraceStatistics(
        long actors,
        long externalSources,
        long creations,
        long tempActors,
        long timers,
        long promises,
        long messages,
        long promiseMessages,
        long externalMessages,
        long systemCalls,
        long systemMessages,
        long subtraces,
        long chunks,
        long droppedEvents,
        long eventBytes,
        long dataBytes,
        Double durationSeconds) {

    /** Events-file bytes per recorded message (0 when there are none). */
    public double bytesPerMessage() {
        return messages == 0 ? 0 : (double) eventBytes / messages;
    }

    /** One line for people: "12 actors, 1 external source, 340 messages (15 external), 2 system calls". */
    public String summary() {
        return String.format(
                Locale.ROOT,
                "%s, %s, %s (%d external), %s",
                plural(actors, "actor"),
                plural(externalSources, "external source"),
                plural(messages, "message"),
                externalMessages,
                plural(systemCalls, "system call"));
    }

    /** "1 actor", "2 actors". */
    public static String plural(long n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }
}
