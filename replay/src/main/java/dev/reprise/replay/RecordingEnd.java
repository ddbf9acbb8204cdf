package dev.reprise.replay;

import dev.reprise.trace.EventTally;
import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.TraceEvent;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The end of a recording that did not end cleanly (the JVM was killed or crashed). Each thread
 * lost what it recorded after its last flush, so actors' recorded events end at slightly
 * different points: an actor may still expect a message that its sender's lost events would have
 * sent. The replay has gone as far as it can when every actor met has used up its events or waits
 * for a message whose sender has used up its own.
 */
final class RecordingEnd {
    private RecordingEnd() {}

    /**
     * Whether every recorded actor has been met and has replayed all it can (call when nothing ran
     * for a while). Actors not met yet may still be created (the program is starting, or an
     * outside thread is busy); when their creation was lost, the watchdog's quiet time decides.
     */
    static boolean reached(Replay replay) {
        if (replay.neverSeen() > 0) {
            return false;
        }
        Set<Long> waitingBeyond = new HashSet<>();
        for (ReplayMailbox q : replay.mailboxes().toList()) {
            if (q.waitingForExpectedMessage()) {
                if (!q.waitsBeyondTheRecording()) {
                    return false;
                }
                waitingBeyond.add(q.actorId());
            }
        }
        for (ActorScript s : replay.unfinished()) {
            // A system message (a stop, a supervisor's decision) that has not come in this calm never will.
            if (!waitingBeyond.contains(s.actor()) && !(s.peek() instanceof TraceEvent.SystemMessageTurn)) {
                return false; // e.g. an outside thread that still has creations to make
            }
        }
        return true;
    }

    /** The report: how far the replay went, then the usual summary. */
    static String report(Replay replay) {
        EventTally recorded = replay.recorded();
        List<ActorScript> left = replay.unfinished();
        StringBuilder sb = new StringBuilder("[reprise] the recording ends here (it did not end cleanly: the JVM was "
                        + "killed or crashed): replayed ")
                .append(replay.replayed.messages())
                .append(" of ")
                .append(recorded.messages())
                .append(" recorded messages; what it recorded after its last flush is lost.\n");
        if (!left.isEmpty()) {
            sb.append("  ")
                    .append(left.size())
                    .append(" actors still expected events that the lost part of the " + "recording would have caused");
            left.stream()
                    .limit(3)
                    .forEach(s -> sb.append(" [")
                            .append(replay.support.describe(s.actor()))
                            .append(" expects ")
                            .append(replay.describe(s.peek()))
                            .append(']'));
            sb.append(".\n");
        }
        sb.append(replay.summary())
                .append("\n  The replay stops with exit code ")
                .append(ExitCodes.RECORDING_ENDED)
                .append(" (the end of a truncated recording).");
        return sb.toString();
    }
}
