package dev.reprise.agent;

import dev.reprise.trace.CreationKind;

/**
 * Scala future callbacks: a callback belongs to whoever registered it (its owner); a result
 * belongs to whoever completed it (its resolver). While a callback runs, the messages it sends are
 * promise messages from its owner, resolved by the result's resolver.
 */
public final class Callbacks {
    private Callbacks() {}

    /** A callback (scala.concurrent.impl.Promise$Transformation) is registered on this thread. */
    public static void registered(Object transformation) {
        try {
            ((RepriseState) transformation).reprise$state(AgentThread.current().ownerId());
        } catch (Throwable e) {
            AgentLog.internalError("recording a callback", e);
        }
    }

    /** A result (scala.util.Success or Failure) is made on this thread: this thread's context resolves it. */
    public static void resolved(Object result) {
        try {
            ((RepriseState) result).reprise$state(AgentThread.current().resolverId());
        } catch (Throwable e) {
            AgentLog.internalError("recording a promise resolution", e);
        }
    }

    /**
     * A promise is being completed with {@code result}. Inside an actor's turn, the completion gets
     * an id of its own, created (and recorded) by that actor: promise messages from two promises
     * that the same actor completed are then told apart, however their callbacks race, and the
     * resolver still leads back to the actor through the creation tree.
     */
    public static void completing(Object result) {
        try {
            AgentThread t = AgentThread.current();
            if (t.current != null && (t.sends == null || t.sends.kind == Tag.PLAIN) && result instanceof RepriseState s) {
                s.reprise$state(Creations.newId(t, CreationKind.PROMISE));
            }
        } catch (dev.reprise.replay.ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording a promise completion", e);
        }
    }

    /** A callback starts running with {@code result}; returns the tag to restore. */
    public static Object enter(Object transformation, Object result) {
        try {
            AgentThread t = AgentThread.current();
            Tag previous = t.sends;
            t.sends = Tag.promise(idOf(transformation), idOf(result));
            return previous;
        } catch (Throwable e) {
            AgentLog.internalError("entering a callback", e);
            return null;
        }
    }

    public static void exit(Object previous) {
        try {
            AgentThread.current().sends = (Tag) previous;
        } catch (Throwable e) {
            AgentLog.internalError("leaving a callback", e);
        }
    }

    private static long idOf(Object o) {
        Object state = o instanceof RepriseState s ? s.reprise$state() : null;
        return state instanceof Long id ? id : ActorIds.UNKNOWN;
    }
}
