package dev.reprise.replay;

import dev.reprise.trace.Subtrace;
import dev.reprise.trace.TraceEvent;
import java.util.List;

/**
 * How a replay ended, as its text report says it and as {@link ReplayReportFile} writes it for
 * tools ({@code reprise view} marks the actors it names): the kind of end, the actor that first
 * behaved differently and where, and the actors left waiting.
 *
 * @param end how the replay ended
 * @param exitCode the exit code it stops with (0 when it matched; -1 when the user stopped it: the signal's)
 * @param first the actor that first behaved differently, or null (the replay matched, was stopped, or the report
 *     names no single actor)
 * @param waiting the other actors that still expected recorded events, with what each expected next (at most
 *     {@link #WAITING_LISTED})
 * @param moreWaiting how many more actors waited than {@code waiting} lists
 * @param damage the damage the replay reached, or null
 * @param text the report as printed
 */
record ReplayReport(
        End end, int exitCode, Actor first, List<Actor> waiting, long moreWaiting, String damage, String text) {
    /** The waiting actors listed at most: a stuck replay of a million actors still writes a file of a few MB. */
    static final int WAITING_LISTED = 10_000;

    /** The kinds of end, by the words the JSON report uses. */
    enum End {
        MATCHED("matched"),
        DIVERGED("diverged"),
        DAMAGE_REACHED("damage reached"),
        RECORDING_ENDED("recording ended"),
        STOPPED_BY_USER("stopped by the user");

        final String words;

        End(String words) {
            this.words = words;
        }
    }

    /**
     * One actor the report names.
     *
     * @param event the index (from 0) in the actor's replay order of the event concerned: where it first behaved
     *     differently, or the event it expects next; its number of events when it is past their end
     * @param subtrace the counter of the subtrace holding that event, or -1 when unknown (past the end)
     * @param chunk that subtrace's chunk, or -1
     * @param expected the trace's event there in the report's words, or null past the end of the actor's events
     * @param did what the actor did instead (null for a waiting actor)
     * @param cause the likely cause (null for a waiting actor)
     * @param held the messages waiting in its mailbox (-1 when the replay has no mailbox of it)
     */
    record Actor(
            long actor,
            String name,
            long event,
            long subtrace,
            long chunk,
            String expected,
            String did,
            String cause,
            int held) {}

    /** A report with no actors in it. */
    static ReplayReport of(End end, int exitCode, String text) {
        return new ReplayReport(end, exitCode, null, List.of(), 0, null, text);
    }

    /**
     * {@code actor}, which expects its next recorded event (it waits, or was stopped before it),
     * with {@code held} messages in its mailbox (-1: it has none).
     */
    static Actor waiting(Replay replay, long actor, int held) {
        ActorScript s = replay.script(actor);
        return at(replay, s, s.consumed(), null, null, held);
    }

    /**
     * {@code actor}, which first behaved differently ({@code did}) at its event {@code event}, one it
     * took or the next ({@code -1} for the next).
     */
    static Actor differing(Replay replay, long actor, long event, String did, String cause) {
        ActorScript s = replay.script(actor);
        return at(replay, s, event < 0 ? s.consumed() : event, did, cause, heldIn(replay, actor));
    }

    /** How many messages wait in the mailbox of live actor {@code actor}, or -1 if it has none. */
    static int heldIn(Replay replay, long actor) {
        ReplayMailbox q = replay.mailboxOf(actor);
        return q == null ? -1 : q.numberOfMessages();
    }

    private static Actor at(Replay replay, ActorScript s, long event, String did, String cause, int held) {
        long consumed = s.consumed();
        TraceEvent recorded = event >= consumed ? s.peek() : taken(s, event);
        Subtrace where = event >= consumed ? s.nextEventSubtrace() : replay.subtraceOf(s.actor(), event);
        if (recorded == null && event >= consumed) {
            where = null; // past its events: no subtrace holds the event
        }
        return new Actor(
                s.actor(),
                replay.support.describe(s.actor()),
                event,
                where == null ? -1 : where.counter(),
                where == null ? -1 : where.origin().index(),
                recorded == null ? null : replay.describe(recorded),
                did,
                cause,
                held);
    }

    /** Event {@code event} of the script, which it took: its last message or one of its last events, else null. */
    private static TraceEvent taken(ActorScript s, long event) {
        if (event == s.lastMessageNumber() - 1) {
            return s.lastMessage();
        }
        List<TraceEvent> last = s.history();
        int i = (int) (event - (s.consumed() - last.size()));
        return i >= 0 && i < last.size() ? last.get(i) : null;
    }
}
