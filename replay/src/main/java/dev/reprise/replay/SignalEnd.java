package dev.reprise.replay;

import dev.reprise.trace.TraceIds;
import dev.reprise.trace.TraceMetadata;

/**
 * A recording that a signal ended (a server stopped with SIGTERM) ends its replay the same way:
 * once the replay has caught up to where the signal came, it raises that signal, so the program's
 * shutdown hooks run and it exits with the recorded status, where it would otherwise wait for a
 * signal that nobody sends. Caught up means: every application actor has replayed all its
 * recorded events, every outside thread that began replaying its events has replayed them all,
 * and neither a turn nor one of the program's own threads is busy. What was recorded after the
 * signal (the shutdown hooks' own work) is replayed after it, as recorded. With the live option
 * ({@code end=live}) the program goes on past its recording instead, as the user asked.
 */
final class SignalEnd {
    private SignalEnd() {}

    /** Whether the replay should end now with the recorded signal; call when nothing ran for a while. */
    static boolean due(Replay replay) {
        if (replay.cut
                || replay.liveAfterEnd
                || replay.metadata().endedBySignal() == null
                || replay.stopSignal() != null) {
            return false;
        }
        int version = replay.formatVersion();
        for (ActorScript s : replay.unfinished()) {
            boolean source = TraceIds.isExternalSource(s.actor(), version);
            if (source ? s.consumed() > 0 : replay.support.isApplicationActor(s.actor())) {
                return false;
            }
        }
        return replay.support.programGoesOn() == null;
    }

    /** What the replay says as it ends the program with the recorded signal. */
    static String announcement(Replay replay) {
        long signal = replay.metadata().endedBySignal();
        return "[reprise] the replay has caught up to the end of its recording, which "
                + TraceMetadata.signalName(signal) + " ended: it ends the program the same way (exit status "
                + (128 + signal) + ").";
    }
}
