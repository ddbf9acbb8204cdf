package dev.reprise.replay;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** What a replay prints for its user (reports and summaries go to standard error). */
final class StandardErr {
    /** The last line of every report that stops a replay. */
    private static final String STOP = "The replay stops with exit code";

    private StandardErr() {}

    /** Runs {@code action} and returns what it printed on standard error. */
    static String of(Runnable action) {
        return capture(action, Duration.ZERO);
    }

    /**
     * Runs {@code action}, then waits until a report that stops the replay has been printed on
     * standard error, by any thread (the watchdog's), at most {@code limit}; returns what was printed.
     */
    static String untilTheReplayStops(Duration limit, Runnable action) {
        return capture(action, limit);
    }

    private static synchronized String capture(Runnable action, Duration limit) {
        PrintStream original = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            action.run();
            long end = System.nanoTime() + limit.toNanos();
            while (!stopped(printed(bytes)) && System.nanoTime() < end) {
                Thread.sleep(10);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            System.setErr(original);
        }
        return printed(bytes);
    }

    /** Whether {@code printed} holds a whole report that stops the replay (its last line ends it). */
    private static boolean stopped(String printed) {
        int at = printed.lastIndexOf(STOP);
        return at >= 0 && printed.indexOf('\n', at) >= 0;
    }

    private static String printed(ByteArrayOutputStream bytes) {
        return bytes.toString(StandardCharsets.UTF_8); // synchronized with the writes of other threads
    }
}
