package dev.reprise.agent;

import java.util.concurrent.atomic.AtomicBoolean;

/** Ends the replay once: when the last actor system terminates, or at exit (summary, or divergence). */
final class ReplaySummary {
    private static final AtomicBoolean printed = new AtomicBoolean();

    private ReplaySummary() {}

    /** At exit: an exit comes after every recorded event, so the replay first lets the actors catch up. */
    static void atExit() {
        if (Agent.replay != null && !printed.get()) {
            Agent.replay.awaitRecordedEvents();
            Lifecycle.awaitShutdownAtExit(); // as when recording: Akka's own shutdown hook stops the actors
        }
        print();
    }

    static void print() {
        if (Agent.replay != null && printed.compareAndSet(false, true)) {
            Agent.replay.finish();
        }
    }
}
