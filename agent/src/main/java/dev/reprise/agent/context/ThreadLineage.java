package dev.reprise.agent.context;

import dev.reprise.agent.actor.ActorIds;
import dev.reprise.agent.health.AgentLog;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A thread's own context, named by who started it: {@code main} is "thread:main"; a thread that
 * the program makes is the n-th thread of the context that made it ("thread:main/thread 2",
 * "actor 23/thread 1"), wherever the scheduler then runs it. It is handed from maker to thread as
 * an inheritable thread-local, computed in the maker's thread as the thread is constructed.
 *
 * <p>Threads that pools make (the JDK's, Akka's, Scala's) or the agent makes get no lineage: which
 * task or submission makes a pool's thread is chance, so counting them would shift the count of
 * their maker's other threads. A pool's tasks carry their own context instead ({@link ContextTasks}).
 * A thread with no lineage is known by its name ("thread:NAME", "thread:NAME#2" for the second
 * live one of that name), as are threads that started before the agent.
 */
public final class ThreadLineage {
    /** Stack frames of code whose threads get no lineage (class name prefixes). */
    private static final String[] POOLS = {
        "java.util.concurrent.ThreadPoolExecutor",
        "java.util.concurrent.ForkJoin",
        "java.util.concurrent.ScheduledThreadPoolExecutor",
        "java.util.concurrent.ThreadPerTaskExecutor",
        "java.util.concurrent.CompletableFuture",
        "akka.",
        "scala.",
        "jdk.internal.",
        "sun."
    };
    /** Where the agent's own classes come from (its jar): its threads get no lineage either. */
    private static final java.security.CodeSource AGENT =
            ThreadLineage.class.getProtectionDomain().getCodeSource();

    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    private static final int FRAMES_LOOKED_AT = 40;

    private final Lineage lineage = new Lineage();
    /** How many threads of each name met without a lineage: the second one of a name is "NAME#2". */
    private final Map<String, Integer> threadsNamed = new ConcurrentHashMap<>();

    /** The agent starts on {@code main}: the root of every lineage. */
    public void startOnMain() {
        if (lineage.get() == null) {
            lineage.set(OutsideContext.root(
                    OutsideContext.THREAD_ROOT + Thread.currentThread().getName(), true));
        }
    }

    /** The current thread's own context: its lineage, else by its name. */
    OutsideContext ofCurrentThread() {
        OutsideContext c = lineage.get();
        if (c != null) {
            return c;
        }
        String name = Thread.currentThread().getName();
        int nth = threadsNamed.merge(name, 1, Integer::sum);
        return OutsideContext.root(OutsideContext.THREAD_ROOT + name + (nth > 1 ? "#" + nth : ""), false);
    }

    private static final class Lineage extends InheritableThreadLocal<OutsideContext> {
        /** In the maker's thread, as a thread is constructed: its context, or null if a pool or the agent makes it. */
        @Override
        protected OutsideContext childValue(OutsideContext makersOwn) {
            try {
                if (madeByPool()) {
                    return null;
                }
                AgentThread t = AgentThread.peek();
                if (t != null) {
                    return OutsideContext.startedBy(t, OutsideContext.Starts.THREAD, ActorIds.UNKNOWN);
                }
                return makersOwn == null
                        ? null
                        : OutsideContext.startedBy(makersOwn, OutsideContext.Starts.THREAD, ActorIds.UNKNOWN);
            } catch (Throwable e) {
                AgentLog.internalError("naming a new thread", e);
                return null;
            }
        }
    }

    /**
     * Whether the thread being constructed is made by a pool or the agent, or by no Java code at
     * all (a native thread attaching itself to the JVM): below the construction's own frames
     * (this class's, {@code java.lang}'s), no maker or a pool's frame.
     */
    private static boolean madeByPool() {
        return WALKER.walk(frames -> {
            List<Class<?>> makers = frames.limit(FRAMES_LOOKED_AT)
                    .map(StackWalker.StackFrame::getDeclaringClass)
                    .filter(c -> c.getNestHost() != ThreadLineage.class
                            && !c.getName().startsWith("java.lang."))
                    .toList();
            return makers.isEmpty() || makers.stream().anyMatch(c -> isPool(c.getName()) || isAgent(c));
        });
    }

    private static boolean isAgent(Class<?> c) {
        java.security.CodeSource source = c.getProtectionDomain().getCodeSource();
        return AGENT != null
                && source != null
                && String.valueOf(AGENT.getLocation()).equals(String.valueOf(source.getLocation()));
    }

    private static boolean isPool(String className) {
        for (String p : POOLS) {
            if (className.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
