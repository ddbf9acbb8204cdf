package dev.reprise.agent.replay;

import dev.reprise.agent.Agent;
import dev.reprise.agent.Lifecycle;
import dev.reprise.replay.Replay;

/** Ends the replay once: when the last actor system terminates, or at exit (summary, or divergence). */
public final class ReplaySummary {
    private static boolean printed;

    private ReplaySummary() {}

    /** Synchronized: a second caller returns once the first has ended the replay. */
    public static synchronized void print() {
        if (Agent.replay != null && !printed) {
            printed = true;
            Agent.replay.finish();
        }
    }

    private static synchronized boolean printed() {
        return printed;
    }

    /**
     * The JVM exits (the program called System.exit, say). In the recording every recorded event
     * came before the exit, so the actors first catch up (and Akka's own shutdown hook, as when
     * recording, stops them); then the replay ends, and when that found a divergence, halts with
     * its exit code here, before the JVM ends with the program's own status (the thread the replay
     * starts to halt could come too late once the hooks are done). When the user stopped the program
     * ({@link ReplaySignals}), the replay ends at once and says how far it got.
     */
    public static void atExit() {
        if (Agent.replay != null && !printed() && Agent.replay.stopSignal() == null) {
            Agent.replay.awaitRecordedEvents();
            Lifecycle.awaitShutdownAtExit();
        }
        print();
        if (Agent.replay != null && Agent.replay.divergence() != null) {
            Runtime.getRuntime().halt(Replay.DIVERGED);
        }
    }
}
