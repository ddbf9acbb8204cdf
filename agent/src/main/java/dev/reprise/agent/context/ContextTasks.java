package dev.reprise.agent.context;

import dev.reprise.agent.actor.ActorIds;
import dev.reprise.agent.actor.Creations;
import dev.reprise.agent.actor.RepriseState;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.flavour.Flavour;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.boot.TaskHooks;
import dev.reprise.trace.CreationKind;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Tasks given to the JDK's thread pools and callbacks registered on {@code CompletableFuture}s
 * ({@code TaskHooks}) run in the context of whoever submitted or registered them, never in that of
 * the pool thread that happens to run them:
 *
 * <ul>
 *   <li>a task is an {@link OutsideContext} of its submitter ("task n"): what it sends is outside
 *       input from it (its content recorded), what it creates is created by it;
 *   <li>a callback is one too ("stage n"), and what it sends is a promise message of its owner
 *       (the actor or source that registered it), told apart from the owner's other callbacks by a
 *       promise id that the owner creates when it registers the callback, however they race.
 * </ul>
 *
 * Left alone: Akka's and Scala's own pools and tasks (they carry their context already), the
 * JDK's own tasks and callbacks, the agent's, and a future's own completion tasks (their callback
 * is wrapped). Akka's and Scala's callbacks on a {@code CompletableFuture} are wrapped. Each
 * callback wrapped costs its owner a promise id, a creation event in the trace. An asynchronous
 * stage's task runs with its callback's tag ({@link CallbackExecutor}), so the stage's completion
 * is its callback's doing.
 */
public final class ContextTasks extends TaskHooks.Handler {
    private static final ContextTasks INSTANCE = new ContextTasks();

    /** Pools and stages that give their tasks and callbacks a context themselves: Akka's, Scala's, the agent's. */
    private static final ClassValue<Boolean> HAS_CONTEXT = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return isOwn(type)
                    || RepriseState.class.isAssignableFrom(type)
                    || ContextStage.class.isAssignableFrom(type)
                    || CompletableFuture.AsynchronousCompletionTask.class.isAssignableFrom(type);
        }
    };
    /**
     * Tasks and callbacks left as they are: those with a context ({@link #HAS_CONTEXT}) and the JDK's
     * internal ones (the HTTP client's); not {@code java.*} ones, which wrap the application's
     * ({@code FutureTask}).
     */
    private static final ClassValue<Boolean> LEFT_ALONE = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            String name = type.getName();
            return HAS_CONTEXT.get(type) || name.startsWith("jdk.") || name.startsWith("sun.");
        }
    };

    /**
     * Callbacks left as they are: the agent's own and the JDK's internal ones. Akka's and Scala's
     * are wrapped like the application's: Scala's converter from a {@code CompletionStage}
     * ({@code asScala}, {@code toScala}) completes its promise in its callback, which runs at once
     * inside the registrant's turn if the stage is complete already, or later on the thread that
     * completes it; wrapped, that completion is the registration's either way.
     */
    private static final ClassValue<Boolean> CALLBACK_LEFT_ALONE = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            String name = type.getName();
            return isAgent(type)
                    || RepriseState.class.isAssignableFrom(type)
                    || name.startsWith("jdk.")
                    || name.startsWith("sun.");
        }
    };

    private static boolean isOwn(Class<?> type) {
        String name = type.getName();
        return Flavour.current().owns(name) || name.startsWith("scala.") || isAgent(type);
    }

    /**
     * The agent's: this copy's classes, the recorder's, the replay's. Another copy's (in another
     * class loader: {@link AgentCopy}) wrap tasks and callbacks for that copy, and this one wraps
     * them again, so that both know what runs.
     */
    private static boolean isAgent(Class<?> type) {
        String name = type.getName();
        return name.startsWith("dev.reprise.agent.")
                ? type.getClassLoader() == ContextTasks.class.getClassLoader()
                : name.startsWith("dev.reprise.runtime.") || name.startsWith("dev.reprise.replay.");
    }

    private ContextTasks() {}

    /**
     * Tasks and callbacks get their context from now on. Only once the bridge is in the bootstrap
     * class loader (this class extends its handler).
     */
    public static void install() {
        if (BootstrapBridge.ready(TaskHooks.class, "the thread pool hooks")) {
            TaskHooks.add(INSTANCE);
        }
    }

    private static boolean leftAlone(Object task, Object executor) {
        return task == null
                || LEFT_ALONE.get(task.getClass())
                || executor != null && HAS_CONTEXT.get(executor.getClass());
    }

    @Override
    public Runnable runnable(Runnable task, Object executor) {
        try {
            if (task instanceof ContextTask || leftAlone(task, executor)) {
                return task;
            }
            AgentThread t = AgentThread.current();
            if (t.leftToAnotherCopy()) {
                return task;
            }
            return new ContextTask(OutsideContext.startedBy(t, OutsideContext.Starts.TASK, ActorIds.UNKNOWN), task);
        } catch (Throwable e) {
            AgentLog.internalError("giving a task its context", e);
            return task;
        }
    }

    @Override
    public <V> Callable<V> callable(Callable<V> task, Object executor) {
        try {
            if (leftAlone(task, executor)) {
                return task;
            }
            AgentThread t = AgentThread.current();
            if (t.leftToAnotherCopy()) {
                return task;
            }
            OutsideContext context = OutsideContext.startedBy(t, OutsideContext.Starts.TASK, ActorIds.UNKNOWN);
            return () -> {
                OutsideContext previous = enter(context);
                try {
                    return task.call();
                } finally {
                    exit(previous);
                }
            };
        } catch (Throwable e) {
            AgentLog.internalError("giving a task its context", e);
            return task;
        }
    }

    @Override
    public Object callback(Object callback, Object stage) {
        try {
            if (callback instanceof ContextCallback
                    || stage != null && HAS_CONTEXT.get(stage.getClass())
                    || callback == null
                    || CALLBACK_LEFT_ALONE.get(callback.getClass())) {
                return callback;
            }
            AgentThread t = AgentThread.current();
            if (t.leftToAnotherCopy()) {
                return callback;
            }
            long owner = t.ownerId();
            long promise = Creations.newId(t, CreationKind.PROMISE);
            OutsideContext context = OutsideContext.startedBy(t, OutsideContext.Starts.STAGE, owner);
            return new ContextCallback(callback, Tag.promise(owner, promise, context));
        } catch (dev.reprise.replay.ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("giving a callback its context", e);
            return callback;
        }
    }

    @Override
    public Executor stageExecutor(Executor executor, Object callback) {
        try {
            return callback instanceof ContextCallback c ? new CallbackExecutor(executor, c.tag()) : executor;
        } catch (Throwable e) {
            AgentLog.internalError("giving a stage's task its context", e);
            return executor;
        }
    }

    /** This thread runs {@code context} now; returns the context to go back to. */
    private static OutsideContext enter(OutsideContext context) {
        try {
            return AgentThread.current().enterContext(context);
        } catch (Throwable e) {
            AgentLog.internalError("entering a task", e);
            return null;
        }
    }

    private static void exit(OutsideContext previous) {
        try {
            AgentThread.current().exitContext(previous);
        } catch (Throwable e) {
            AgentLog.internalError("leaving a task", e);
        }
    }

    /** A task that runs in the context of whoever submitted it. */
    static final class ContextTask implements Runnable {
        private final OutsideContext context;
        private final Runnable task;

        ContextTask(OutsideContext context, Runnable task) {
            this.context = context;
            this.task = task;
        }

        @Override
        public void run() {
            OutsideContext previous = enter(context);
            try {
                task.run();
            } finally {
                exit(previous);
            }
        }

        @Override
        public String toString() {
            return task.toString();
        }
    }
}
