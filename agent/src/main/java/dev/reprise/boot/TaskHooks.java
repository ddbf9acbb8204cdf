package dev.reprise.boot;

import java.util.concurrent.Callable;

/**
 * The bridge between the JDK's thread pools and the agent, in the bootstrap class loader as
 * {@link SystemCallHooks} is: {@code ThreadPoolExecutor.execute}, {@code ScheduledThreadPoolExecutor.schedule*}
 * {@code ForkJoinPool.execute}/{@code submit} and {@code ThreadPerTaskExecutor} pass the task they are
 * given through here first, and {@code CompletableFuture}'s stage methods the callback they are
 * given, so the agent can wrap it to run in the context of whoever submitted or registered it. While no {@link Handler}
 * is set, tasks go through unchanged; a handler never throws.
 */
public final class TaskHooks {
    /**
     * What the agent does with submitted tasks; null until the agent is ready. Static: the JDK's
     * thread pools call this class from the bootstrap class loader, where nothing else of the agent is.
     */
    public static volatile Handler handler;

    private TaskHooks() {}

    /** The agent's side. Implementations catch their own failures and return the task unchanged. */
    public abstract static class Handler {
        /** {@code task} is submitted to {@code executor}: the task to submit instead. */
        public abstract Runnable runnable(Runnable task, Object executor);

        /** {@code task} is submitted to {@code executor}: the task to submit instead. */
        public abstract <V> Callable<V> callable(Callable<V> task, Object executor);

        /** {@code callback} is registered on {@code stage} (null: a new one): the callback to register instead. */
        public abstract Object callback(Object callback, Object stage);
    }

    public static Runnable runnable(Runnable task, Object executor) {
        Handler h = handler;
        return h == null ? task : h.runnable(task, executor);
    }

    public static <V> Callable<V> callable(Callable<V> task, Object executor) {
        Handler h = handler;
        return h == null ? task : h.callable(task, executor);
    }

    public static Object callback(Object callback, Object stage) {
        Handler h = handler;
        return h == null ? callback : h.callback(callback, stage);
    }
}
