package dev.reprise.runtime;

import java.util.Locale;

/**
 * When the writer thread forces the trace files to the storage device ({@code sync=}). Every mode
 * writes each event chunk as soon as the writer takes it, so a process crash (SIGKILL, a JVM abort)
 * loses only what the process still held: events in thread buffers and chunks queued for the
 * writer, about the last two flush intervals. The modes differ in what a machine crash (power loss, a
 * kernel panic) loses on top of that. Forcing is done on the writer thread only.
 */
public enum SyncPolicy {
    /** Never force: the operating system writes back when it likes (Linux: within about 30 s). */
    NONE,
    /**
     * Force the events and data files at every flush-interval tick, when they grew, and the
     * metadata whenever it is rewritten: a machine crash loses about one flush interval more than a
     * process crash. The default.
     */
    INTERVAL,
    /**
     * Force after every batch the writer takes from its queue (the chunks queued at that moment),
     * before it takes the next: whatever reached the writer is on disk, and a machine crash loses no
     * more than a process crash. Events still wait in their thread's buffer, for up to about two
     * flush intervals (the application never waits for the disk).
     */
    ALWAYS;

    /** Parses {@code none}, {@code interval} or {@code always}, in any case. */
    static SyncPolicy parse(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "none" -> NONE;
            case "interval" -> INTERVAL;
            case "always" -> ALWAYS;
            default ->
                throw new IllegalArgumentException("sync: expected none, interval or always, was '" + value + "'");
        };
    }
}
