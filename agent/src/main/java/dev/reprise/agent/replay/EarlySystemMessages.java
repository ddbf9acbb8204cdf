package dev.reprise.agent.replay;

import dev.reprise.replay.HeldSystemMessages;
import dev.reprise.trace.TraceEvent;
import java.util.Collection;
import java.util.List;

/**
 * The system messages that reached one actor before their recorded turns, held until the actor's
 * recorded events reach them. Guarded by its {@link ReplayQueue}'s lock, except {@link #any}.
 */
final class EarlySystemMessages {
    /** Made when the first one is held: most actors never get a system message early. */
    private HeldSystemMessages held;
    /**
     * Whether any is held: written under the lock, read without it at every turn's end
     * ({@link ReplayQueue#dueSystemMessages}). A message held after that read was not due then: it becomes
     * due only when a later dequeue moves the script on, and that turn's end reads it again.
     */
    private volatile boolean any;

    /** Whether any is held; no lock needed. */
    boolean any() {
        return any;
    }

    /** Holds {@code m} until its turn comes. */
    void hold(HeldSystemMessages.Held m) {
        if (held == null) {
            held = new HeldSystemMessages();
        }
        held.add(m);
        any = true;
    }

    /**
     * The held messages due now, taken off hold: all of them with {@code all} (past the end of a
     * clean recording), else the one whose turn {@code head}, the actor's next recorded event, is.
     */
    List<Object> takeDue(TraceEvent head, boolean all) {
        List<Object> due;
        if (all) {
            due = held.takeAll();
        } else {
            Object m = held.takeMatching(head); // one per recorded turn: the next one is due once this one is handled
            due = m == null ? List.of() : List.of(m);
        }
        any = !held.isEmpty();
        return due;
    }

    /** Every held message, in arrival order, taken off hold. */
    List<Object> takeAll() {
        List<Object> all = held == null ? List.of() : held.takeAll();
        any = false;
        return all;
    }

    /** The held messages in arrival order, for reports. */
    Collection<HeldSystemMessages.Held> all() {
        return held == null ? List.of() : held.all();
    }
}
