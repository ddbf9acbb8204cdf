package dev.reprise.replay;

import dev.reprise.trace.TraceEvent;
import java.util.List;

/** The report printed when a replay stops: which actor, what it expected, what it has, where. */
final class DivergenceReport {
    private DivergenceReport() {}

    static String of(Replay replay, int actor, String what) {
        StringBuilder sb = new StringBuilder();
        sb.append("[reprise] REPLAY DIVERGED: the program did something its trace cannot explain.\n");
        sb.append("  trace: ").append(replay.directory).append('\n');
        describeActor(sb, replay, actor, what);
        sb.append("  The replay stops with exit code ").append(Replay.DIVERGED)
                .append(". Was the program, its input files or its configuration changed since the recording?\n");
        return sb.toString();
    }

    /** When no actor can go on: every actor still waiting, with what it waits for and what it has. */
    static String stuck(Replay replay, List<ReplayQueue> waiting) {
        StringBuilder sb = new StringBuilder();
        sb.append("[reprise] REPLAY DIVERGED: no actor can make progress for ").append(replay.quiet.toSeconds())
                .append(" s while the trace still expects events.\n");
        sb.append("  trace: ").append(replay.directory).append('\n');
        int shown = 0;
        // Who waits for a system message (a death, a failure, a stop) usually holds up the others: first.
        for (ReplayQueue q : replay.queues) {
            if (replay.script(q.actorId()).peek() instanceof TraceEvent.SystemTurn && shown++ < 10) {
                describeActor(sb, replay, q.actorId(), "it waits for a system message");
                sb.append("    in its mailbox: ").append(q.describeHeld()).append('\n');
            }
        }
        for (ReplayQueue q : waiting) {
            if (shown++ >= 10) {
                sb.append("  ... and more actors waiting\n");
                break;
            }
            describeActor(sb, replay, q.actorId(), "it waits for its next message");
            sb.append("    in its mailbox: ").append(q.describeHeld()).append('\n');
        }
        for (ActorScript s : replay.unfinished()) {
            if (waiting.stream().noneMatch(q -> q.actorId() == s.actor()) && !(s.peek() instanceof TraceEvent.SystemTurn)
                    && shown++ < 10) {
                describeActor(sb, replay, s.actor(), "it has events left but is not waiting for a message");
            }
        }
        sb.append("  The replay stops with exit code ").append(Replay.DIVERGED).append(".\n");
        return sb.toString();
    }

    private static void describeActor(StringBuilder sb, Replay replay, int actor, String what) {
        ActorScript script = replay.script(actor);
        sb.append("  actor: ").append(replay.support.describe(actor)).append(" (id ")
                .append(Integer.toUnsignedString(actor)).append(")\n");
        sb.append("    ").append(what).append('\n');
        sb.append("    expected next: ").append(Replay.describe(script.peek())).append('\n');
        sb.append("    trace position: ").append(script.position()).append(", after ").append(script.consumed())
                .append(" events of this actor\n");
        List<TraceEvent> last = script.history();
        if (!last.isEmpty()) {
            sb.append("    last events it replayed:\n");
            for (TraceEvent e : last) {
                sb.append("      ").append(e.describe()).append('\n');
            }
        }
        long missing = script.missingSubtrace();
        if (missing >= 0) {
            sb.append("    its subtrace ").append(missing).append(" is missing from the trace (dropped or damaged)\n");
        }
    }
}
