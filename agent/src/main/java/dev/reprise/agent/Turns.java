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
            if (actor.unordered) {
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

    /**
     * ActorCell.systemInvoke (start, restart, supervision, stop, death watch) runs in the actor's
     * context; the turns that run application code are recorded at their place among the actor's
     * messages ({@link SystemTurns}). In replay one that comes early is held: returns
     * {@link SystemTurns#HELD}, and the call is skipped.
     */
    public static Object beforeSystemInvoke(Object cell, Object message) {
        try {
            AgentActor actor = Actors.ofCell(cell);
            AgentThread t = AgentThread.current();
            if (t.recorder == null) {
                if (!SystemTurns.admit(cell, message)) {
                    return SystemTurns.HELD;
                }
                Agent.replay.turnStarted();
            } else if (!actor.unordered) {
                SystemTurns.record(t.recorder, actor, message);
            }
            return t.enter(actor);
        } catch (Throwable e) {
            AgentLog.internalError("entering an actor", e);
            return null;
        }
    }

    /**
     * The turn of the actor of {@code cell} is over; {@code thread} is what the turn's start
     * returned (null if it failed). In replay, held system messages whose turn has come go again.
     */
    public static void after(Object cell, Object thread) {
        if (thread == SystemTurns.HELD) {
            return;
        }
        try {
            if (thread != null) {
                ((AgentThread) thread).exit();
            }
            if (Agent.replay != null) {
                Agent.replay.turnEnded();
                SystemTurns.releaseDue(cell);
            }
        } catch (Throwable e) {
            AgentLog.internalError("leaving an actor", e);
        }
    }
}
