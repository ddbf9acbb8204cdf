package dev.reprise.agent.context;

import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.ActorIds;
import dev.reprise.agent.actor.AddedState;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.health.AgentLog;

/**
 * Akka Streams' async callbacks ({@code getAsyncCallback}, what {@code Source.queue}'s {@code offer}
 * and many stages invoke from other threads) invoked before their stage has started: the event
 * waits in the callback until the stream's actor starts the stage and sends it then, from its own
 * turn. Whether an {@code offer} made right after materializing comes before or after that start
 * is a race, so the event's message is sent as its invoker would have sent it: the invoker's tag is
 * kept on the event when it is queued and entered while the stage sends it. The invoker's turn
 * counts the send when it queues, as it would have counted a send made at once.
 */
public final class QueuedCallbackEvents {
    /** Whether this run sends queued events as their invokers: every recording, and replays of traces that did. */
    private static final boolean AS_INVOKER =
            Agent.mode != null && Agent.mode.features().has(TraceFeatures.QUEUED_CALLBACK_SENDERS);

    /** What {@link #sending} returns for an event without a tag: {@link #sent} then does nothing. */
    private static final Tag UNTAGGED = Tag.plain(ActorIds.UNKNOWN);

    private QueuedCallbackEvents() {}

    /** A callback is invoked: returns what {@link #invoked} needs (the turn's count of sends, or -1). */
    public static int invoking() {
        if (!AS_INVOKER) {
            return -1;
        }
        try {
            AgentThread t = AgentThread.current();
            return t.countsInTurn(t.sends) ? t.turnSends : -1; // in a turn, what it sends carries t.sends
        } catch (Throwable e) {
            AgentLog.internalError("invoking a stream callback", e);
            return -1;
        }
    }

    /**
     * The invocation returned: it sent its event or queued it once, however often it lost the race to
     * queue it (each try made an event, and {@link #queued} counted each).
     */
    public static void invoked(int sendsBefore) {
        if (sendsBefore < 0) {
            return;
        }
        try {
            AgentThread t = AgentThread.current();
            if (t.turnSends > sendsBefore + 1) {
                t.turnSends = sendsBefore + 1;
            }
        } catch (Throwable e) {
            AgentLog.internalError("counting a stream callback's sends", e);
        }
    }

    /** An event is made to wait for its stage's start: it keeps who invoked the callback. */
    public static void queued(Object event) {
        if (!AS_INVOKER) {
            return;
        }
        try {
            AgentThread t = AgentThread.current();
            Tag tag = t.tagForSend();
            if (t.countsInTurn(tag)) {
                t.turnSends++;
            }
            // A copy of a turn's own tag: the turn that sends the event later does not count it again.
            AddedState.setTag(event, tag.kind == Tag.PLAIN ? Tag.plain(tag.sender) : tag);
        } catch (Throwable e) {
            AgentLog.internalError("queuing a stream callback's event", e);
        }
    }

    /** The started stage sends a queued event now: as its invoker. Returns what to pass to {@link #sent}. */
    public static Tag sending(Object event) {
        Tag tag = AddedState.tagOf(event);
        return tag == null ? UNTAGGED : ContextCallback.enter(tag, "a stream callback's queued event");
    }

    public static void sent(Tag previous) {
        if (previous != UNTAGGED) {
            ContextCallback.exit(previous, "a stream callback's queued event");
        }
    }
}
