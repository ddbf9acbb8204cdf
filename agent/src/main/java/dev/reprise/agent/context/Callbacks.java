package dev.reprise.agent.context;

import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.ActorIds;
import dev.reprise.agent.actor.AddedState;
import dev.reprise.agent.actor.RepriseState;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.health.AgentLog;

/**
 * Scala future callbacks: a callback belongs to whoever registered it (its owner); a result
 * belongs to whoever completed it (its resolver). While a callback runs, the messages it sends are
 * promise messages from its owner, resolved by the result's resolver, and what it creates is
 * created by the callback's own context, wherever it runs.
 */
public final class Callbacks {
    private Callbacks() {}

    /**
     * The function of {@code Await}'s callback, which it registers only on a future not complete
     * yet: whether it does is chance, so it starts no context and its registrant's count of
     * callbacks leaves it out.
     */
    private static final String AWAITS = "scala.concurrent.impl.CompletionLatch";

    /**
     * A callback (scala.concurrent.impl.Promise$Transformation) that runs {@code function} is
     * registered on this thread: it becomes a context of its registrant ({@link OutsideContext}),
     * owned by the current actor, the callback it is registered in, or this thread's context
     * ({@code Await}'s excepted).
     */
    public static void registered(Object transformation, Object function) {
        try {
            if (isAwait(function)) {
                return;
            }
            AgentThread t = AgentThread.current();
            AddedState.setCallback(
                    transformation, OutsideContext.startedBy(t, OutsideContext.Starts.CALLBACK, t.ownerId()));
        } catch (Throwable e) {
            AgentLog.internalError("recording a callback", e);
        }
    }

    /** Whether {@code function} is {@code Await}'s callback. */
    static boolean isAwait(Object function) {
        return function != null && function.getClass().getName().equals(AWAITS);
    }

    /** A result (scala.util.Success or Failure) is made on this thread: this thread's context resolves it. */
    public static void resolved(Object result) {
        try {
            AddedState.setResolver(result, AgentThread.current().resolverId());
        } catch (Throwable e) {
            AgentLog.internalError("recording a promise resolution", e);
        }
    }

    /**
     * {@code promise}, seen in {@code state}, is being completed with {@code result}. Inside an
     * actor's turn, a completion gets an id of its own, created by that actor: promise messages
     * from two promises that the same actor completed are then told apart, however their callbacks
     * race, and the resolver still leads back to the actor through the creation tree. The id is
     * given now, for the callbacks the completion runs, and recorded only if the attempt completes
     * the promise ({@link #completed}): an attempt that another completer beats leaves no event,
     * however close the race (a late reply to an ask that timed out even goes to dead letters
     * without an attempt, once the timeout's callback has stopped the ask's temp actor).
     *
     * @return the completion's id, for {@link #completed}; 0 for none
     */
    public static long completing(Object promise, Object state, Object result) {
        try {
            AgentThread t = AgentThread.current();
            if (t.current != null
                    && (t.sends == null || t.sends.kind == Tag.PLAIN)
                    && result instanceof RepriseState s
                    && !(state instanceof scala.util.Try)) {
                return Agent.mode.completing(t, promise, s);
            }
        } catch (dev.reprise.replay.ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording a promise completion", e);
        }
        return ActorIds.UNKNOWN;
    }

    /**
     * The attempt that {@link #completing} gave the id {@code completion} (0: none) returned
     * {@code completed}, whether it completed the promise: its creation is recorded, and an ask's
     * timeout may have won.
     */
    public static void completed(long completion, boolean completed) {
        try {
            if (completed && completion != ActorIds.UNKNOWN) {
                Agent.mode.completed(AgentThread.current(), completion);
            }
            AskTimeouts.completed(completed);
        } catch (Throwable e) {
            AgentLog.internalError("recording a promise completion", e);
        }
    }

    /** A callback starts running with {@code result}; returns the tag to restore. */
    public static Object enter(Object transformation, Object result) {
        try {
            OutsideContext callback = AddedState.callbackOf(transformation);
            return AgentThread.current()
                    .enterCallback(Tag.promise(
                            callback != null ? callback.owner : ActorIds.UNKNOWN,
                            AddedState.resolverOf(result),
                            callback));
        } catch (Throwable e) {
            AgentLog.internalError("entering a callback", e);
            return null;
        }
    }

    public static void exit(Object previous) {
        try {
            AgentThread.current().exitCallback((Tag) previous);
        } catch (Throwable e) {
            AgentLog.internalError("leaving a callback", e);
        }
    }
}
