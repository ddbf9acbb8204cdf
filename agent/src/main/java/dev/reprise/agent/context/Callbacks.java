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
     * the promise, before its callbacks are handed over ({@link #submitting}, else {@link
     * #completed}; {@link CompletionsUnderWay} says why): an attempt that another completer beats
     * leaves no event, however close the race (a late reply to an ask that timed out even goes to
     * dead letters without an attempt, once the timeout's callback has stopped the ask's temp
     * actor).
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
                long id = Agent.mode.completing(t, promise, s);
                if (id != ActorIds.UNKNOWN) {
                    t.completions().begin(id, result);
                }
                return id;
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
     * {@code completed}, whether it completed the promise: its creation is recorded, unless handing
     * its callbacks over recorded it ({@link #submitting}), and an ask's timeout may have won.
     */
    public static void completed(long completion, boolean completed) {
        try {
            if (completion != ActorIds.UNKNOWN) {
                AgentThread t = AgentThread.current();
                long unrecorded = t.completions().end();
                if (completed && unrecorded != ActorIds.UNKNOWN) {
                    Agent.mode.completed(t, unrecorded);
                }
            }
            AskTimeouts.completed(completed);
        } catch (Throwable e) {
            AgentLog.internalError("recording a promise completion", e);
        }
    }

    /**
     * A promise's callbacks are handed to their executors with {@code result}: if an attempt of
     * {@link #completing} made that result, it completed its promise, and is recorded now, before
     * any callback can run.
     */
    public static void submitting(Object result) {
        try {
            AgentThread t = AgentThread.peek();
            CompletionsUnderWay c = t != null ? t.completionsIfAny() : null;
            long id = c != null ? c.submitting(result) : ActorIds.UNKNOWN;
            if (id != ActorIds.UNKNOWN) {
                Agent.mode.completed(t, id);
            }
        } catch (Throwable e) {
            AgentLog.internalError("recording a promise completion", e);
        }
    }

    /** A callback starts running with {@code result}; returns the tag to restore. */
    public static Object enter(Object transformation, Object result) {
        try {
            OutsideContext callback = AddedState.callbackOf(transformation);
            AgentThread t = AgentThread.current();
            long resolver = AddedState.resolverOf(result);
            return t.enterCallback(
                    callback != null
                            ? Tag.promise(callback.owner, callback.resolverNaming(resolver, t), callback)
                            : Tag.promise(ActorIds.UNKNOWN, resolver, null));
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
