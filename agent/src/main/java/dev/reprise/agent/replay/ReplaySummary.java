package dev.reprise.agent.replay;

import dev.reprise.replay.Replay;

/** Ends the replay once: when the last actor system terminates, or at exit (summary, or divergence). */
final class ReplaySummary {
    private final ReplayMode mode;
    private boolean printed;

    ReplaySummary(ReplayMode mode) {
        this.mode = mode;
    }

    /** Synchronized: a second caller returns once the first has ended the replay. */
    synchronized void print() {
        if (!printed) {
            printed = true;
            mode.replay().finish();
        }
    }

    private synchronized boolean printed() {
        return printed;
    }

    /**
     * The JVM exits (the program called System.exit, say). In the recording every recorded event
     * came before the exit, so the actors first catch up (and Akka's own shutdown hook, as when
     * recording, stops them); then the replay ends, and when that found a divergence, halts with
     * its exit code here, before the JVM ends with the program's own status (the thread the replay
     * starts to halt could come too late once the hooks are done). When the user stopped the program
     * ({@link dev.reprise.agent.context.ProgramSignals}), the replay ends at once and says how far it
     * got, and actors past their recorded events go on live, so the program's shutdown does not wait
     * for stops its recording never saw. A program that exits by itself does not: its actors stop
     * where their recorded events end, so it prints nothing its recording did not.
     */
    void atExit() {
        Replay replay = mode.replay();
        if (!printed() && replay.stopSignal() == null) {
            replay.awaitRecordedEvents();
            mode.lifecycle.awaitShutdownAtExit();
        }
        print();
        replay.haltIfDiverged();
    }
}
