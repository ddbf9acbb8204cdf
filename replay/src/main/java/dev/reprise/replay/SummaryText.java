package dev.reprise.replay;

import dev.reprise.trace.EventTally;
import java.util.ArrayList;
import java.util.List;

/**
 * The text a replay ends with: the summary (what was replayed against what the trace holds,
 * counted as {@code reprise stats} counts, so "341 of 341 messages" can be checked against it),
 * and where each actor that still expects events stopped.
 */
final class SummaryText {
    private SummaryText() {}

    /** The end-of-replay summary of {@code replay}, on one line. */
    static String of(Replay replay) {
        ReplaySupport support = replay.support;
        List<ActorScript> all = replay.unfinished();
        List<ActorScript> left = new ArrayList<>(all);
        left.removeIf(s -> !support.isApplicationActor(s.actor()));
        long neverSeen = replay.neverSeen();
        // Threads outside the actor system that the replay never met (Akka's dispatcher threads at shutdown).
        long sourcesNeverSeen = replay.sourcesNeverSeen();
        EventTally replayed = replay.replayed;
        EventTally recorded = replay.recorded();
        StringBuilder sb = new StringBuilder("[reprise] replay of " + replay.directory + ": replayed ")
                .append(replayed.messages())
                .append(" of ")
                .append(recorded.messages())
                .append(" messages (")
                .append(replayed.externalMessages())
                .append(" of ")
                .append(recorded.externalMessages())
                .append(" external), ")
                .append(replayed.systemCalls())
                .append(" of ")
                .append(recorded.systemCalls())
                .append(" system calls, ")
                .append(replayed.systemMessageTurns())
                .append(" of ")
                .append(recorded.systemMessageTurns())
                .append(" system messages, ")
                .append(replayed.creations())
                .append(" of ")
                .append(recorded.creations())
                .append(" creations; ")
                .append(replay.liveInputs.sum())
                .append(" live external inputs held back; ");
        heldBack(replay, sb);
        sb.append("at most ").append(support.timersKeptAtMost()).append(" timers kept at once; ");
        boolean everyEvent = replayed.messages() == recorded.messages()
                && replayed.systemCalls() == recorded.systemCalls()
                && replayed.systemMessageTurns() == recorded.systemMessageTurns()
                && replayed.creations() == recorded.creations();
        if (everyEvent
                && all.isEmpty()
                && neverSeen == 0
                && sourcesNeverSeen == 0
                && replay.problems().isEmpty()) {
            sb.append("the whole trace was consumed.");
        } else if (left.isEmpty() && neverSeen == 0 && replay.problems().isEmpty()) {
            // Akka's own actors and threads race the system's shutdown with the end of a recording.
            sb.append("every application actor consumed its recorded events");
            if (!all.isEmpty()) {
                sb.append("; ").append(all.size()).append(" of Akka's own actors did not");
                all.stream()
                        .limit(3)
                        .forEach(s -> sb.append(" [")
                                .append(support.describe(s.actor()))
                                .append(" expects ")
                                .append(replay.describe(s.peek()))
                                .append(']'));
            }
            if (sourcesNeverSeen > 0) {
                sb.append("; ")
                        .append(sourcesNeverSeen)
                        .append(" recorded threads outside the actor system did not run "
                                + "here (Akka's threads at shutdown, or threads whose input came from the trace)");
            }
            sb.append('.');
        } else {
            sb.append("the trace was not consumed entirely: ")
                    .append(left.size())
                    .append(" actors have events left");
            left.stream()
                    .limit(3)
                    .forEach(s -> sb.append(" [")
                            .append(support.describe(s.actor()))
                            .append(" expects ")
                            .append(replay.describe(s.peek()))
                            .append(']'));
            if (neverSeen > 0) {
                sb.append(", ").append(neverSeen).append(" recorded actors never appeared");
            }
            if (!replay.problems().isEmpty()) {
                sb.append(", the trace is damaged (")
                        .append(replay.problems().get(0))
                        .append(")");
            }
            sb.append('.');
        }
        return sb.toString();
    }

    /**
     * Messages still waiting in mailboxes (delivered to actors that had used up their recorded
     * events, or that the trace never expected), and the mailbox holding most of them.
     */
    private static void heldBack(Replay replay, StringBuilder sb) {
        long total = 0;
        ReplayMailbox most = null;
        int mostHeld = 0;
        for (ReplayMailbox q : replay.queues) {
            int n = q.numberOfMessages();
            total += n;
            if (n > mostHeld) {
                most = q;
                mostHeld = n;
            }
        }
        if (most != null) {
            sb.append(total)
                    .append(" messages held back in mailboxes (most in ")
                    .append(replay.support.describe(most.knownActorId()))
                    .append(": ")
                    .append(mostHeld)
                    .append("); ");
        }
    }

    /** Each of the first ten actors in {@code left}: the event it expects next, and where in the trace. */
    static void waiting(Replay replay, StringBuilder sb, List<ActorScript> left) {
        left.stream()
                .limit(10)
                .forEach(s -> sb.append("  actor: ")
                        .append(replay.support.describe(s.actor()))
                        .append("\n    expected next: ")
                        .append(replay.describe(s.peek()))
                        .append("\n    trace position: ")
                        .append(s.position())
                        .append(", after ")
                        .append(s.consumed())
                        .append(" events of this actor\n"));
    }
}
