package dev.reprise.agent;

import akka.actor.ActorCell;
import akka.dispatch.Envelope;
import dev.reprise.replay.ClassCodes;
import dev.reprise.replay.ReplayQueue;
import dev.reprise.runtime.ThreadRecorder;
import dev.reprise.trace.Fingerprint;

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
                t.enter(actor);
                if (((ActorCell) cell).mailbox().messageQueue() instanceof ReplayQueue q) {
                    int recorded = q.takeTurn(); // its class was checked as it was taken
                    t.scriptedTurn = recorded >= 0;
                    t.turnFingerprint = Agent.fingerprints && recorded > 0 ? (byte) recorded : Fingerprint.NONE;
                }
                return t;
            }
            if (actor.unordered) {
                return t.enter(actor);
            }
            byte fingerprint = Agent.fingerprints
                    ? Fingerprint.message(ClassCodes.of(((Envelope) envelope).message())) : Fingerprint.NONE;
            Tag tag = Envelopes.tagOf(envelope);
            if (tag == null) {
                r.message(actor.record, ActorIds.UNKNOWN, fingerprint);
            } else {
                switch (tag.kind) {
                    case Tag.PLAIN -> r.message(actor.record, tag.sender, fingerprint);
                    case Tag.PROMISE -> r.promiseMessage(actor.record, tag.sender, tag.resolver, fingerprint);
                    default -> r.externalMessage(actor.record, tag.sender, tag.eventType, tag.dataId, fingerprint);
                }
            }
            t.enter(actor);
            t.turnFingerprint = fingerprint;
            return t;
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
                AgentThread t = (AgentThread) thread;
                if (t.recorder != null && t.turnFingerprint != Fingerprint.NONE) {
                    t.recorder.turnSent(t.turnFingerprint, t.turnSends); // completes the message's fingerprint
                } else if (t.scriptedTurn) {
                    Agent.replay.turnOver(t.current.id(), t.turnFingerprint, t.turnSends, Agent.fingerprints);
                }
                t.exit();
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
