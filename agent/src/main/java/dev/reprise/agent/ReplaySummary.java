package dev.reprise.agent;

import java.util.concurrent.atomic.AtomicBoolean;

/** Ends the replay once: when the last actor system terminates, or at exit (summary, or divergence). */
final class ReplaySummary {
    private static final AtomicBoolean printed = new AtomicBoolean();

    private ReplaySummary() {}

    static void print() {
        if (Agent.replay != null && printed.compareAndSet(false, true)) {
            Agent.replay.finish();
        }
    }
}
