package dev.reprise.agent.context;

import dev.reprise.agent.actor.Tag;
import java.util.concurrent.Executor;

/**
 * The executor of an asynchronous {@code CompletableFuture} stage ({@code supplyAsync}, {@code
 * thenApplyAsync}, ...) whose callback the agent wrapped: it runs the stage's whole task with the
 * callback's tag, not only the callback. The task completes the stage after the callback returns,
 * and runs what depends on it (a Scala promise made with {@code asScala}, the next synchronous
 * stage): that completion is then credited to the callback's registration, never to whichever pool
 * thread ran the task.
 */
final class CallbackExecutor implements Executor {
    private final Executor executor;
    private final Tag tag;

    CallbackExecutor(Executor executor, Tag tag) {
        this.executor = executor;
        this.tag = tag;
    }

    @Override
    public void execute(Runnable task) {
        executor.execute(new StageTask(task, tag));
    }

    @Override
    public String toString() {
        return executor.toString();
    }

    /** A stage's task, run with its callback's tag. */
    private record StageTask(Runnable task, Tag tag) implements Runnable {
        @Override
        public void run() {
            Tag previous = ContextCallback.enter(tag, "a stage's task");
            try {
                task.run();
            } finally {
                ContextCallback.exit(previous, "a stage's task");
            }
        }
    }
}
