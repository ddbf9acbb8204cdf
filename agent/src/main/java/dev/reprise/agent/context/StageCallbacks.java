package dev.reprise.agent.context;

import dev.reprise.agent.actor.AddedState;
import dev.reprise.agent.actor.RepriseState;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.health.AgentLog;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Java {@code CompletionStage}s made from Scala futures (what {@code Patterns.ask} returns) run
 * their callbacks asynchronously on the common pool. The future's converter remembers who
 * completed it; each callback is wrapped, when registered, to run as a promise callback of its
 * registrant resolved by that completer.
 */
public final class StageCallbacks {
    private StageCallbacks() {}

    /** The converter was completed with {@code result}: remember its resolver. */
    public static void completed(Object converter, Object result) {
        try {
            AddedState.setResolver(converter, AddedState.resolverOf(result));
        } catch (Throwable e) {
            AgentLog.internalError("recording a stage completion", e);
        }
    }

    /** The converter makes a new stage (for a stage method): one whose callbacks run in the same context. */
    public static Object newStage(Object converter, Object stage) {
        try {
            return new ContextStage<>(converter);
        } catch (Throwable e) {
            AgentLog.internalError("making a stage", e);
            return stage;
        }
    }

    /** A callback is registered on {@code converter}: returns it wrapped (or as it is, if unknown). */
    public static Object wrap(Object converter, Object callback) {
        try {
            OutsideContext context = callbackOfCurrent();
            RepriseState stage = (RepriseState) converter;
            if (callback instanceof BiFunction<?, ?, ?> f) {
                return (BiFunction<Object, Object, Object>) (a, b) ->
                        run(context, stage, () -> ((BiFunction<Object, Object, Object>) f).apply(a, b));
            } else if (callback instanceof BiConsumer<?, ?> c) {
                return (BiConsumer<Object, Object>) (a, b) -> run(context, stage, () -> {
                    ((BiConsumer<Object, Object>) c).accept(a, b);
                    return null;
                });
            } else if (callback instanceof Function<?, ?> f) {
                return (Function<Object, Object>) a ->
                        run(context, stage, () -> ((Function<Object, Object>) f).apply(a));
            } else if (callback instanceof Consumer<?> c) {
                return (Consumer<Object>) a -> run(context, stage, () -> {
                    ((Consumer<Object>) c).accept(a);
                    return null;
                });
            } else if (callback instanceof Runnable r) {
                return (Runnable) () -> run(context, stage, () -> {
                    r.run();
                    return null;
                });
            }
        } catch (Throwable e) {
            AgentLog.internalError("wrapping a stage callback", e);
        }
        return callback;
    }

    /** A callback registered now: a context of the current actor, callback or thread, owned by it. */
    private static OutsideContext callbackOfCurrent() {
        AgentThread t = AgentThread.current();
        return OutsideContext.startedBy(t, OutsideContext.Starts.STAGE, t.ownerId());
    }

    private static Object run(OutsideContext context, RepriseState stage, java.util.function.Supplier<Object> body) {
        Tag previous = ContextCallback.enter(
                Tag.promise(
                        context.owner,
                        context.resolverNaming(AddedState.resolverOf(stage), AgentThread.current()),
                        context),
                "a stage callback");
        try {
            return body.get();
        } finally {
            ContextCallback.exit(previous, "a stage callback");
        }
    }
}
