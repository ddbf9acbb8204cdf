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

    /**
     * The end-of-replay summary of {@code replay}. A replay that matched says so first and counts
     * what it replayed; what it did not replay on purpose (the events of threads that did not run
     * because their input came from the trace, live input whose recorded copy was used, what Akka's
     * own actors left at shutdown) follows on a line of its own. Otherwise it says what is left.
     */
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
        boolean everyEvent = replayed.messages() == recorded.messages()
                && replayed.systemCalls() == recorded.systemCalls()
                && replayed.systemMessageTurns() == recorded.systemMessageTurns()
                && replayed.creations() == recorded.creations();
        StringBuilder sb = new StringBuilder("[reprise] replay of " + replay.directory + ": ");
        if (everyEvent
                && all.isEmpty()
                && neverSeen == 0
                && sourcesNeverSeen == 0
                && replay.problems().isEmpty()) {
            sb.append("the whole trace was consumed: ");
            counts(sb, replayed, recorded, new EventTally());
            sb.append("; at most ").append(support.timersKeptAtMost()).append(" timers kept at once");
            notReplayed(replay, sb, "; ");
            return sb.append('.').toString();
        }
        if (left.isEmpty() && neverSeen == 0 && replay.problems().isEmpty()) {
            EventTally notRun = sourcesNeverSeen > 0 ? replay.sourcesNeverSeenEvents() : new EventTally();
            sb.append("every application actor consumed its recorded events: ");
            counts(sb, replayed, recorded, notRun);
            sb.append("; at most ").append(support.timersKeptAtMost()).append(" timers kept at once.");
            StringBuilder not = new StringBuilder();
            if (sourcesNeverSeen > 0) {
                not.append(notRun.creations())
                        .append(" creations and ")
                        .append(notRun.systemCalls())
                        .append(" system calls of ")
                        .append(sourcesNeverSeen)
                        .append(" recorded threads outside the actor system that did not run here (threads whose "
                                + "input came from the trace, or Akka's threads at shutdown)");
            }
            if (!all.isEmpty()) {
                // Akka's own actors and threads race the system's shutdown with the end of a recording.
                not.append(not.isEmpty() ? "" : "; ")
                        .append("the last recorded events of ")
                        .append(all.size())
                        .append(" of Akka's own actors or threads, which race the system's shutdown");
                all.stream()
                        .limit(3)
                        .forEach(s -> not.append(" [")
                                .append(support.describe(s.actor()))
                                .append(" expects ")
                                .append(replay.describe(s.peek()))
                                .append(']'));
            }
            notReplayed(replay, not, not.isEmpty() ? "" : "; ");
            if (!not.isEmpty()) {
                sb.append("\n  Not replayed, as intended: ").append(not).append('.');
            }
            return sb.toString();
        }
        counts(sb, replayed, recorded, new EventTally());
        notReplayed(replay, sb, "; ");
        sb.append("; the trace was not consumed entirely: ").append(left.size()).append(" actors have events left");
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
        return sb.append('.').toString();
    }

    /**
     * "replayed 341 of 341 messages (17 of 17 external), ...": what was replayed of what was recorded, less
     * {@code notRun}, the events of threads that did not run here.
     */
    private static void counts(StringBuilder sb, EventTally replayed, EventTally recorded, EventTally notRun) {
        sb.append("replayed ")
                .append(replayed.messages())
                .append(" of ")
                .append(recorded.messages() - notRun.messages())
                .append(" messages (")
                .append(replayed.externalMessages())
                .append(" of ")
                .append(recorded.externalMessages() - notRun.externalMessages())
                .append(" external), ")
                .append(replayed.systemCalls())
                .append(" of ")
                .append(recorded.systemCalls() - notRun.systemCalls())
                .append(" system calls, ")
                .append(replayed.systemMessageTurns())
                .append(" of ")
                .append(recorded.systemMessageTurns() - notRun.systemMessageTurns())
                .append(" system messages, ")
                .append(replayed.creations())
                .append(" of ")
                .append(recorded.creations() - notRun.creations())
                .append(" creations");
    }

    /** Live input held back because its recorded copy was replayed, and messages left in mailboxes past their actors' ends. */
    private static void notReplayed(Replay replay, StringBuilder sb, String separator) {
        long live = replay.liveInputs.sum();
        if (live > 0) {
            sb.append(separator)
                    .append(live)
                    .append(live == 1 ? " live outside input" : " live outside inputs")
                    .append(" held back (the recorded input came from the trace)");
            separator = "; ";
        }
        String mailboxes = heldBack(replay);
        if (mailboxes != null) {
            sb.append(separator).append(mailboxes);
        }
    }

    /**
     * Messages still waiting in mailboxes (delivered to actors that had used up their recorded
     * events, or that the trace never expected), and the mailbox holding most of them; null if none.
     */
    private static String heldBack(Replay replay) {
        long total = 0;
        ReplayMailbox most = null;
        int mostHeld = 0;
        for (ReplayMailbox q : replay.mailboxes().toList()) {
            int n = q.numberOfMessages();
            total += n;
            if (n > mostHeld) {
                most = q;
                mostHeld = n;
            }
        }
        return most == null
                ? null
                : total + " messages held back in mailboxes (most in " + replay.support.describe(most.knownActorId())
                        + ": " + mostHeld + ")";
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
