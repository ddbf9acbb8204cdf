package dev.reprise.agent.context;

import dev.reprise.agent.health.AgentLog;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;

/**
 * A Java {@code CompletionStage} made a Scala {@code Future} in an actor's turn by Scala 2.13's
 * converter ({@code scala.jdk.FutureConverters}, which Pekko's Java DSL uses for {@code mapAsync}
 * and {@code Patterns.ask}): it completes the future at once, in the turn, when the stage is done
 * already, and else registers a callback that completes it where the stage completes. Which one
 * depends on how far another context ran, which is chance. In a turn, the agent takes the second
 * way always, with the callback run as a task of its own ({@code handleAsync}), so the future is
 * completed by the turn's callback (named by where the turn registered it, {@link CallbackExecutor})
 * in every run, however far the stage got. Elsewhere the converter runs as written.
 */
public final class ConvertedStages {
    private ConvertedStages() {}

    /** The converter's {@code stage.isDone()}: in a turn, "not yet", so that it registers its callback. */
    public static boolean isDone(CompletableFuture<?> stage) {
        try {
            if (SharedReads.ownTurn() != null) {
                return false;
            }
        } catch (Throwable e) {
            AgentLog.internalError("converting a CompletionStage", e);
        }
        return stage.isDone();
    }

    /** The converter's {@code stage.handle(callback)}: in a turn, a task of its own once the stage is done. */
    public static <T, U> CompletionStage<U> handle(
            CompletionStage<T> stage, BiFunction<? super T, Throwable, ? extends U> callback) {
        try {
            if (SharedReads.ownTurn() != null) {
                return stage.handleAsync(callback);
            }
        } catch (Throwable e) {
            AgentLog.internalError("converting a CompletionStage", e);
        }
        return stage.handle(callback);
    }
}
