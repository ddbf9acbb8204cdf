package dev.reprise.agent;

import dev.reprise.runtime.ThreadRecorder;

/** An actor's turns: each processed message is recorded with its true sender; the turn's context is set. */
public final class Turns {
    private Turns() {}

    /** ActorCell.invoke is about to process an envelope. Returns the thread's state, for {@link #after}. */
    public static Object beforeInvoke(Object cell, Object envelope) {
        try {
            AgentActor actor = Actors.ofCell(cell);
            AgentThread t = AgentThread.current();
            ThreadRecorder r = t.recorder;
            if (r == null) {
                Agent.replay.turnStarted(); // replay: the replay mailbox chose this message from the trace
                return t.enter(actor);
            }
            Tag tag = Envelopes.tagOf(envelope);
            if (tag == null) {
                r.message(actor.record, ActorIds.UNKNOWN);
            } else {
                switch (tag.kind) {
                    case Tag.PLAIN -> r.message(actor.record, tag.sender);
                    case Tag.PROMISE -> r.promiseMessage(actor.record, tag.sender, tag.resolver);
                    default -> r.externalMessage(actor.record, tag.sender, tag.eventType, tag.dataId);
                }
            }
            return t.enter(actor);
        } catch (Throwable e) {
            AgentLog.internalError("recording a message", e);
            return null;
        }
    }

    /** ActorCell.systemInvoke (start, restart, supervision, stop) runs in the actor's context, unrecorded. */
    public static Object beforeSystemInvoke(Object cell) {
        try {
            if (Agent.replay != null) {
                Agent.replay.turnStarted();
            }
            return AgentThread.current().enter(Actors.ofCell(cell));
        } catch (Throwable e) {
            AgentLog.internalError("entering an actor", e);
            return null;
        }
    }

    /** The turn is over; {@code thread} is what the turn's start returned (null if it failed). */
    public static void after(Object thread) {
        try {
            if (thread != null) {
                ((AgentThread) thread).exit();
            }
            if (Agent.replay != null) {
                Agent.replay.turnEnded();
            }
        } catch (Throwable e) {
            AgentLog.internalError("leaving an actor", e);
        }
    }
}
