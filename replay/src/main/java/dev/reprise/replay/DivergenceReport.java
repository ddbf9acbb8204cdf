package dev.reprise.replay;

import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceIds;
import dev.reprise.trace.TraceProblem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The report printed when a replay stops, made to read at a glance: the first difference first
 * (which actor, what the trace expected and what happened, its likely cause), then the actors
 * concerned, the application's ({@code /user}) before Akka's, each with what it expected, what
 * waits in its mailbox (grouped, with counts) and its last events. It fits a screen (about
 * {@value #SCREEN} lines) unless the replay is verbose.
 */
final class DivergenceReport {
    /** Lines a report takes at most, unless verbose. */
    static final int SCREEN = 40;

    private static final int OTHER_ACTORS = 4;
    private static final int MAILBOX_LINES = 5;
    private static final int HISTORY = 3;
    private static final int FRAMES = 8;
    private static final int TOP_FRAMES = 3;

    private final Replay replay;
    private final List<String> lines = new ArrayList<>();
    private final Set<Long> shown = new LinkedHashSet<>();
    /** The actor that first behaved differently, for the JSON report (null when the report names none). */
    private ReplayReport.Actor first;

    private final List<ReplayReport.Actor> waiting = new ArrayList<>();
    /** Waiting actors past those listed in {@link #waiting}. */
    private long moreWaiting;

    private DivergenceReport(Replay replay) {
        this.replay = replay;
    }

    /**
     * The program did something its trace cannot explain: {@code what}, found in {@code actor}'s own
     * behaviour at its event {@code event} (from 0; -1: the event it expects next), which is the
     * first line; {@code cause} decides what the report blames.
     */
    static ReplayReport of(Replay replay, long actor, long event, String what, DivergenceCause cause) {
        DivergenceReport r = new DivergenceReport(replay);
        r.lines.add("[reprise] REPLAY DIVERGED: the program did something its trace cannot explain.");
        r.lines.add("  first difference: " + replay.support.describe(actor) + ": " + what);
        String likely = r.cause(cause);
        r.lines.add("    likely cause: " + likely);
        r.first = ReplayReport.differing(replay, actor, event, what, likely);
        r.actor(actor);
        return r.finish();
    }

    /**
     * The replay reached damage in the trace: {@code actor}'s events go on past what the trace can
     * say ({@code what}). Up to here the replay matched its recording; the report names the damage
     * (file, chunk, offset) first, then the actor that reached it.
     */
    static ReplayReport damaged(Replay replay, long actor, long event, String what) {
        DivergenceReport r = new DivergenceReport(replay);
        r.lines.add("[reprise] REPLAY STOPPED AT DAMAGE: the trace is damaged where the replay reached it; up to "
                + "here the replay matched the recording. Not a changed program.");
        List<TraceProblem> problems = replay.problems();
        String damage = problems.isEmpty()
                ? "see ./reprise verify " + replay.directory
                : problems.get(0).toString();
        r.lines.add("  damage: " + damage);
        r.lines.add("  reached by: " + replay.support.describe(actor) + ": " + what);
        r.first = ReplayReport.differing(replay, actor, event, what, r.cause(DivergenceCause.TRACE_DAMAGED));
        r.actor(actor);
        return r.finish(ReplayReport.End.DAMAGE_REACHED, ExitCodes.DAMAGE_REACHED, damage);
    }

    /**
     * Why an actor did something else: "the program changed" only when a fingerprint or class check
     * shows it; otherwise what the recording used that the agent does not record faithfully, if its
     * metadata counts any, else the kinds of nondeterminism that are not recorded.
     */
    private String cause(DivergenceCause cause) {
        return switch (cause) {
            case PROGRAM_CHANGED ->
                "the program changed since the recording: a fingerprint recorded with the trace "
                        + "shows that it does something else here";
            case TRACE_DAMAGED ->
                "the trace is damaged or incomplete here (./reprise verify says where), not the program";
            case UNRECORDED -> unrecordedCause();
        };
    }

    private String unrecordedCause() {
        String notCovered = replay.metadata().notCoveredText();
        if (!notCovered.isEmpty()) {
            return "the recorded program used what Reprise does not record faithfully (" + notCovered
                    + "; the agent README's Limits say what each means), and a replay may go another way there";
        }
        boolean fingerprinted = "true".equals(replay.metadata().settings().get("fingerprints"));
        return "something that decided what it did was not recorded: state shared outside mailboxes, a thread "
                + "or pool Reprise does not follow, or an identity-hash or Set.of/Map.of order (the agent "
                + "README's Limits); "
                + (fingerprinted
                        ? "the fingerprints recorded with the trace found no change in the program before this"
                        : "or the program, its input or its configuration changed since the recording (record "
                                + "with -o fingerprints=true to tell)");
    }

    /**
     * Nothing recorded was replayed for the quiet time while the trace expects more: the turns
     * blocked in the meantime and the actors waiting for a message, the likeliest cause first: an
     * actor that owes the message another waits for, before the actors waiting for it.
     */
    static ReplayReport stuck(Replay replay, List<RunningTurns.Turn> blocked, List<ReplayMailbox> waiting) {
        DivergenceReport r = new DivergenceReport(replay);
        r.lines.add("[reprise] REPLAY DIVERGED: no actor can make progress: nothing recorded was replayed for "
                + replay.quiet.toSeconds() + " s while the trace still expects events.");
        List<ReplayMailbox> ordered = new ArrayList<>(waiting);
        ordered.sort(r.applicationFirst());
        if (!blocked.isEmpty()) {
            RunningTurns.Turn t = blocked.stream()
                    .min(Comparator.comparingLong(RunningTurns.Turn::since))
                    .orElseThrow();
            String did = "has been blocked in its turn for at least "
                    + (System.nanoTime() - t.since()) / 1_000_000_000L + " s ("
                    + t.thread().getState()
                    + " on thread " + t.thread().getName() + ")";
            String likely = "it waits (Await, a future's get, a lock) for something that depends on a "
                    + "message the replay holds back, because the program went another way than recorded";
            r.lines.add("  first difference: " + replay.support.describe(t.actor()) + " " + did);
            r.lines.add("    likely cause: " + likely);
            long turn = replay.script(t.actor()).lastMessageNumber() - 1; // the message whose turn blocks
            r.first = ReplayReport.differing(replay, t.actor(), turn, did, likely);
            r.frames(t.thread());
            r.actor(t.actor());
        } else if (!ordered.isEmpty()) {
            ReplayMailbox waiter = r.likeliestCause(ordered);
            ReplayMailbox first = r.rootOfWait(waiter, ordered);
            TraceEvent expected = replay.script(first.actorId()).peek();
            long owner = r.owingActor(expected, ordered);
            String after = first == waiter
                    ? ""
                    : "; " + replay.support.describe(waiter.actorId()) + " waits for "
                            + replay.describe(replay.script(waiter.actorId()).peek()) + " after it";
            if (owner >= 0) {
                r.owes(owner, first.actorId(), expected);
            } else if (r.senderOf(MessageKey.of(expected)) == first.actorId()) {
                String did = (MessageKey.of(expected).kind() == MessageKey.PLAIN
                                ? "waits for a message from itself"
                                : "waits for " + replay.describe(expected) + ", from a task or thread its own turn "
                                        + "started")
                        + ", which it has not sent" + after;
                String likely = "the recording has it send this to itself (at its start or in an earlier turn) and "
                        + "this run has not: what it sent itself was decided by something not recorded, or the "
                        + "program changed; its mailbox holds what came instead";
                r.lines.add("  first difference: " + replay.support.describe(first.actorId()) + " " + did);
                r.lines.add("    likely cause: " + likely);
                r.first = ReplayReport.differing(replay, first.actorId(), -1, did, likely);
            } else {
                String did = "waits for " + replay.describe(expected) + ", which has not come" + after;
                String likely = r.cause(expected);
                r.lines.add("  first difference: " + replay.support.describe(first.actorId()) + " " + did);
                r.lines.add("    likely cause: " + likely);
                r.first = ReplayReport.differing(replay, first.actorId(), -1, did, likely);
            }
            r.actor(first.actorId());
        }
        r.waitingActors(ordered);
        for (ReplayMailbox q : ordered) {
            if ((r.first == null || q.actorId() != r.first.actor()) && r.waiting.size() < ReplayReport.WAITING_LISTED) {
                r.waiting.add(ReplayReport.waiting(replay, q.actorId(), q.numberOfMessages()));
            }
        }
        r.moreWaiting = Math.max(0, ordered.size() - (r.first == null ? 0 : 1) - ReplayReport.WAITING_LISTED);
        return r.finish();
    }

    /**
     * The waiting actor most likely at the root, the application's first: one waiting for a system
     * message (a death, a failure, a stop) or for a sender that is not waiting itself (the others wait on it).
     */
    private ReplayMailbox likeliestCause(List<ReplayMailbox> ordered) {
        for (ReplayMailbox q : ordered) { // the application's actors come first
            TraceEvent next = replay.script(q.actorId()).peek();
            MessageKey key = next == null ? null : MessageKey.of(next);
            if (next instanceof TraceEvent.SystemMessageTurn
                    || key != null && ordered.stream().noneMatch(o -> o.actorId() == key.sender())) {
                return q;
            }
        }
        return ordered.get(0);
    }

    /**
     * Where {@code waiter}'s wait comes down to: the waiting actor that owes what it waits for
     * (a message it sends, or input from a task or thread its turn started, which comes only as it
     * replays), followed while that actor waits too; an actor that waits, through others or
     * directly, for itself ends it.
     */
    private ReplayMailbox rootOfWait(ReplayMailbox waiter, List<ReplayMailbox> waiting) {
        ReplayMailbox q = waiter;
        Set<Long> seen = new HashSet<>();
        while (seen.add(q.actorId())) {
            long from = senderOf(MessageKey.of(replay.script(q.actorId()).peek()));
            if (from == q.actorId()) {
                return q;
            }
            ReplayMailbox next = waiting.stream()
                    .filter(o -> o.actorId() == from)
                    .findFirst()
                    .orElse(null);
            if (next == null) {
                return q;
            }
            q = next;
        }
        return q;
    }

    /**
     * The actor that sends a message of {@code key}: its sender for a plain message, the actor
     * whose turn started its outside source for outside input; else -1.
     */
    private long senderOf(MessageKey key) {
        if (key == null) {
            return -1;
        }
        return switch (key.kind()) {
            case MessageKey.PLAIN -> key.sender();
            case MessageKey.EXTERNAL -> replay.support.startingActor(key.sender());
            default -> -1;
        };
    }

    /**
     * The actor whose own behaviour differed, when a waiting actor expects {@code expected} from an
     * actor that waits for no message itself: it replayed all its events without sending it, or it
     * has not made its next recorded event (a creation, a system call); -1 when the wait leads
     * elsewhere (an outside source, a promise's completer, an actor that waits in turn, or one not
     * made yet, which its creator owes).
     */
    private long owingActor(TraceEvent expected, List<ReplayMailbox> waiting) {
        MessageKey key = MessageKey.of(expected);
        if (key == null || key.kind() != MessageKey.PLAIN || key.sender() >= TraceIds.FIRST_EXTERNAL_SOURCE) {
            return -1;
        }
        long sender = key.sender();
        boolean senderWaits = waiting.stream().anyMatch(q -> q.actorId() == sender);
        boolean senderMade = replay.mailboxOf(sender) != null;
        TraceEvent next = replay.script(sender).peek();
        return senderMade && !senderWaits && (next == null || MessageKey.of(next) == null) ? sender : -1;
    }

    /** The first difference is {@code owner}'s: {@code waiter} waits for {@code expected}, which it owes. */
    private void owes(long owner, long waiter, TraceEvent expected) {
        ActorScript s = replay.script(owner);
        String who = replay.support.describe(owner);
        String waiting = replay.support.describe(waiter);
        String did = s.finished()
                ? "replayed all its recorded events without sending the " + replay.describe(expected) + " that "
                        + waiting + " waits for"
                : "has not made its next recorded event, " + replay.describe(s.peek()) + "; " + waiting + " waits for "
                        + replay.describe(expected) + " after it";
        String likely = "it went another way than recorded: " + unrecordedCause();
        lines.add("  first difference: " + who + " " + did);
        lines.add("    likely cause: " + likely);
        first = ReplayReport.differing(replay, owner, -1, did, likely);
        actor(owner);
    }

    /** Why an expected message may not have come: what its sender is doing. */
    private String cause(TraceEvent expected) {
        if (expected instanceof TraceEvent.SystemMessageTurn) {
            return "the system message (a stop, a failure, a death) was not sent: the program went another way "
                    + "than recorded";
        }
        MessageKey key = MessageKey.of(expected);
        if (key == null) {
            return "the program went another way than recorded";
        }
        long sender = key.sender();
        String name = replay.support.describe(sender);
        if (key.kind() == MessageKey.EXTERNAL) {
            return "the input from " + name + " did not come: the program's input or its outside threads changed (a "
                    + "server replayed without its clients takes its recorded input from the trace with "
                    + "./reprise replay --input-from-trace, agent option input=trace)";
        }
        ActorScript s = replay.script(sender);
        if (s.finished()) {
            return name + " has replayed all its recorded events without sending it, so it went another way than "
                    + "recorded: " + unrecordedCause();
        }
        return name + " has not sent it yet: it expects " + replay.describe(s.peek()) + " first";
    }

    /** One actor: what it expects, where it is in the trace, what waits in its mailbox, its last events. */
    private void actor(long actor) {
        if (!shown.add(actor)) {
            return;
        }
        ActorScript script = replay.script(actor);
        lines.add("  actor: " + replay.support.describe(actor));
        lines.add("    expected next: " + replay.describe(script.peek()));
        lines.add(
                "    trace position: " + script.position() + ", after " + script.consumed() + " events of this actor");
        mailbox(actor);
        List<TraceEvent> last = script.history();
        if (!last.isEmpty()) {
            int from = replay.verbose ? 0 : Math.max(0, last.size() - HISTORY);
            lines.add(
                    "    last events it replayed" + (from > 0 ? " (the last " + (last.size() - from) + ")" : "") + ":");
            for (TraceEvent e : last.subList(from, last.size())) {
                lines.add("      " + replay.describe(e));
            }
        }
        long missing = script.missingSubtrace();
        if (missing >= 0) {
            lines.add("    its subtrace " + missing + " is missing from the trace (dropped or damaged)");
        }
    }

    private void mailbox(long actor) {
        // Found by the id it knows, read unlocked: the thread reporting may hold its own mailbox's lock.
        ReplayMailbox queue = replay.mailboxOf(actor);
        HeldMessages held = queue == null ? new HeldMessages() : queue.held();
        if (held.total() == 0) {
            lines.add("    in its mailbox: nothing");
            return;
        }
        lines.add("    in its mailbox: " + held.total() + (held.total() == 1 ? " message:" : " messages:"));
        for (String l : held.lines(replay.verbose ? -1 : MAILBOX_LINES)) {
            lines.add("      " + l);
        }
    }

    /**
     * Where a blocked turn's thread waits: its top frames, then (past the JDK's, Scala's and
     * Akka's) the program's own frames that led there; every frame when verbose.
     */
    private void frames(Thread thread) {
        StackTraceElement[] stack = thread.getStackTrace();
        lines.add("    where it waits:");
        if (replay.verbose) {
            for (StackTraceElement f : stack) {
                lines.add("      at " + f);
            }
            return;
        }
        int top = Math.min(TOP_FRAMES, stack.length);
        int program = top;
        while (program < stack.length && !isProgram(stack[program])) {
            program++;
        }
        for (int i = 0; i < top; i++) {
            lines.add("      at " + stack[i]);
        }
        if (program == stack.length) {
            program = top; // no frame of the program's own: the next ones, as they come
        } else if (program > top) {
            lines.add("      ... " + (program - top) + " frames of the JDK, Scala and Akka");
        }
        int end = Math.min(stack.length, program + FRAMES - TOP_FRAMES);
        for (int i = program; i < end; i++) {
            lines.add("      at " + stack[i]);
        }
        if (end < stack.length) {
            lines.add("      ... " + (stack.length - end) + " more frames");
        }
    }

    private static boolean isProgram(StackTraceElement f) {
        String c = f.getClassName();
        return !(c.startsWith("java.")
                || c.startsWith("jdk.")
                || c.startsWith("sun.")
                || c.startsWith("scala.")
                || c.startsWith("akka.")
                || c.startsWith("dev.reprise.agent.")
                || c.startsWith("dev.reprise.replay."));
    }

    private Comparator<ReplayMailbox> applicationFirst() {
        return Comparator.comparing((ReplayMailbox q) -> !replay.support.isApplicationActor(q.actorId()))
                .thenComparing(q -> replay.support.describe(q.actorId()));
    }

    /** The other actors that wait for a message, with what they expect and hold (all of them only when verbose). */
    private void waitingActors(List<ReplayMailbox> waiting) {
        // The application's first, and among them those holding most: what they hold shows where the run went.
        List<ReplayMailbox> others = waiting.stream()
                .filter(q -> !shown.contains(q.actorId()))
                .sorted(Comparator.comparing((ReplayMailbox q) -> !replay.support.isApplicationActor(q.actorId()))
                        .thenComparing(Comparator.comparingInt(ReplayMailbox::numberOfMessages)
                                .reversed()))
                .toList();
        if (others.isEmpty()) {
            return;
        }
        lines.add("  other actors waiting for a recorded message (" + others.size() + "):");
        int n = replay.verbose ? others.size() : Math.min(OTHER_ACTORS, others.size());
        for (ReplayMailbox q : others.subList(0, n)) {
            actor(q.actorId());
        }
        if (n < others.size()) {
            lines.add("  ... and " + (others.size() - n) + " more actors waiting");
        }
    }

    /** The report, cut to a screen unless verbose, then where the trace is and how the replay stops. */
    private ReplayReport finish() {
        return finish(ReplayReport.End.DIVERGED, ExitCodes.DIVERGED, null);
    }

    private ReplayReport finish(ReplayReport.End end, int exitCode, String damage) {
        List<String> out = lines;
        int room = SCREEN - 3;
        if (!replay.verbose && out.size() > room) {
            int left = out.size() - (room - 1);
            out = new ArrayList<>(out.subList(0, room - 1));
            out.add("  ... " + left
                    + " more lines: replay with --verbose (agent option verbose=true) to see everything");
        }
        StringBuilder sb = new StringBuilder();
        out.forEach(l -> sb.append(l).append('\n'));
        sb.append("  trace: ").append(replay.directory).append('\n');
        sb.append("  The replay stops with exit code ").append(exitCode).append('.');
        return new ReplayReport(end, exitCode, first, List.copyOf(waiting), moreWaiting, damage, sb.toString());
    }
}
