package dev.reprise.boot;

import java.util.concurrent.Callable;
import java.util.concurrent.Executor;

/**
 * The bridge between the JDK's thread pools and the agent, in the bootstrap class loader as
 * {@link SystemCallHooks} is: {@code ThreadPoolExecutor.execute}, {@code ScheduledThreadPoolExecutor.schedule*}
 * {@code ForkJoinPool.execute}/{@code submit} and {@code ThreadPerTaskExecutor} pass the task they are
 * given through here first, and {@code CompletableFuture}'s stage methods the callback they are
 * given (and, for an asynchronous stage, the executor that will run it, so the stage's completion runs in the
 * callback's context too), so the agent can wrap it to run in the context of whoever submitted or registered it. While no {@link Handler}
 * is set, tasks go through unchanged; a handler never throws.
 */
public final class TaskHooks {
    /**
     * What the agent does with submitted tasks; null until the agent is ready. Static: the JDK's
     * thread pools call this class from the bootstrap class loader, where nothing else of the agent is.
     */
    public static volatile Handler handler;

    private TaskHooks() {}

    /**
     * Makes {@code h} handle tasks and callbacks; when another handler does already (the agent's copy
     * in another class loader), both do, the second wrapping what the first returned. Adding a
     * handler twice changes nothing.
     */
    public static synchronized void add(Handler h) {
        Handler now = handler;
        handler = now == null ? h : now.has(h) ? now : new Both(now, h);
    }

    /** The agent's side. Implementations catch their own failures and return the task unchanged. */
    public abstract static class Handler {
        /** {@code task} is submitted to {@code executor}: the task to submit instead. */
        public abstract Runnable runnable(Runnable task, Object executor);

        /** {@code task} is submitted to {@code executor}: the task to submit instead. */
        public abstract <V> Callable<V> callable(Callable<V> task, Object executor);

        /** {@code callback} is registered on {@code stage} (null: a new one): the callback to register instead. */
        public abstract Object callback(Object callback, Object stage);

        /**
         * An asynchronous stage method runs {@code callback} (as {@link #callback} returned it)
         * on {@code executor} (null: none): the executor to run it on instead.
         */
        public abstract Executor stageExecutor(Executor executor, Object callback);

        boolean has(Handler h) {
            return this == h;
        }
    }

    /** Two handlers: the second wraps what the first returned. */
    private static final class Both extends Handler {
        private final Handler first;
        private final Handler then;

        Both(Handler first, Handler then) {
            this.first = first;
            this.then = then;
        }

        @Override
        boolean has(Handler h) {
            return first.has(h) || then.has(h);
        }

        @Override
        public Runnable runnable(Runnable task, Object executor) {
            return then.runnable(first.runnable(task, executor), executor);
        }

        @Override
        public <V> Callable<V> callable(Callable<V> task, Object executor) {
            return then.callable(first.callable(task, executor), executor);
        }

        @Override
        public Object callback(Object callback, Object stage) {
            return then.callback(first.callback(callback, stage), stage);
        }

        @Override
        public Executor stageExecutor(Executor executor, Object callback) {
            return then.stageExecutor(first.stageExecutor(executor, callback), callback);
        }
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

    public static Executor stageExecutor(Executor executor, Object callback) {
        Handler h = handler;
        return h == null || executor == null ? executor : h.stageExecutor(executor, callback);
    }
}
