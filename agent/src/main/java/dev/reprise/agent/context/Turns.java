package dev.reprise.agent.context;

import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.Actors;
import dev.reprise.agent.health.AgentLog;

/** An actor's turns: the turn's context is set, and the turn recorded or checked ({@link Mode}). */
public final class Turns {
    private Turns() {}

    /** ActorCell.invoke is about to process an envelope. Returns the thread's state, for {@link #after}. */
    public static Object beforeInvoke(Object cell, Object envelope) {
        try {
            AgentThread t = AgentThread.current();
            return Agent.mode.messageTurn(t, Actors.ofCell(cell), cell, envelope);
        } catch (Throwable e) {
            AgentLog.internalError("recording a message", e);
            return null;
        }
    }

    /**
     * ActorCell.systemInvoke (start, restart, supervision, stop, death watch) runs in the actor's
     * context; the turns that run application code are recorded at their place among the actor's
     * messages ({@link SystemMessageTurns}). In replay one that comes early is held: returns
     * {@link SystemMessageTurns#HELD}, and the call is skipped.
     */
    public static Object beforeSystemInvoke(Object cell, Object message) {
        try {
            AgentThread t = AgentThread.current();
            return Agent.mode.systemMessageTurn(t, Actors.ofCell(cell), cell, message);
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
        if (thread == SystemMessageTurns.HELD) {
            return;
        }
        try {
            Agent.mode.turnOver((AgentThread) thread, cell);
        } catch (Throwable e) {
            AgentLog.internalError("leaving an actor", e);
        }
    }
}
