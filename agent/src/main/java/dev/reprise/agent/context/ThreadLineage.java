package dev.reprise.agent.context;

import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.ActorIds;
import dev.reprise.agent.flavour.Flavour;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.replay.Replay;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
    /**
     * The methods that make a pool's threads ("class#method"), exactly: a thread constructed under
     * one of these is the pool's, whatever code the pool's thread factory runs.
     */
    private static final Set<String> POOL_MAKERS = Set.of(
            "java.util.concurrent.ThreadPoolExecutor$Worker#<init>", // ThreadPoolExecutor, ScheduledThreadPoolExecutor
            "java.util.concurrent.ForkJoinPool#createWorker", // the common pool, Scala's global, Akka's dispatchers
            "java.util.concurrent.ThreadPerTaskExecutor#newThread",
            "java.util.concurrent.CompletableFuture$ThreadPerTaskExecutor#execute",
            Flavour.current().type("akka.dispatch.MonitorableThreadFactory")
                    + "#newThread"); // Akka's dispatchers' and scheduler's threads
    /** Akka's own thread classes (CoordinatedShutdown's JVM hook and exit threads) are defined in this class (or its companion). */
    private static final String AKKA_THREADS_OF = Flavour.current().type("akka.actor.CoordinatedShutdown");
    /**
     * Where the agent's own classes come from: its jar, or (run from its modules' classes, in
     * tests) the agent's, the recorder's and the replay's: the threads they make get no lineage.
     */
    private static final Set<String> AGENT = new java.util.HashSet<>(List.of(
            location(ThreadLineage.class), location(dev.reprise.runtime.Recorder.class), location(Replay.class)));

    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private final Lineage lineage = new Lineage();
    /** How many threads of each name met without a lineage: the second one of a name is "NAME#2". */
    private final Map<String, Integer> threadsNamed = new ConcurrentHashMap<>();

    /** The agent starts on {@code main}: the root of every lineage (also a test's thread that plays main). */
    public void startOnMain() {
        lineage.set(OutsideContext.root(
                OutsideContext.THREAD_ROOT + Thread.currentThread().getName(), true));
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

    /**
     * The current thread's context if the program made it (its lineage; not {@code main}, not a
     * pool's thread, not one known by its name), else null: its clock and random calls are
     * recorded from its first instruction, before it sends or asks anything.
     */
    public OutsideContext ofProgramThread() {
        OutsideContext c = lineage.get();
        return c != null && !c.isRootThread() ? c : null;
    }

    private static final class Lineage extends InheritableThreadLocal<OutsideContext> {
        /** In the maker's thread, as a thread is constructed: its context, or null if a pool or the agent makes it. */
        @Override
        protected OutsideContext childValue(OutsideContext makersOwn) {
            try {
                if (madeByPool()) {
                    return null;
                }
                Mode m = Agent.mode;
                // The maker's agent state is the mode's in force: a lineage of an earlier mode (tests) does not count
                // in it.
                AgentThread t = m != null && m.lineage.lineage == this ? AgentThread.peek() : null;
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
     * Whether the thread being constructed is made by a pool, by Akka for itself, by the agent, or
     * by no Java code at all (the JVM, or a native thread attaching itself): its construction runs
     * under a pool's thread-making method ({@link #POOL_MAKERS}), or its maker (the first frame
     * below {@code java.lang}'s) is one of Akka's own thread classes or the agent's code, or there
     * is no such frame. Exact methods and classes, never a package prefix or a frame further down:
     * a thread the program makes inside Scala's or Akka's code (a collection's {@code foreach}, an
     * actor's turn) or inside a pool's task is the program's.
     */
    private static boolean madeByPool() {
        return WALKER.walk(frames -> {
            Class<?> maker = null;
            for (StackWalker.StackFrame f : (Iterable<StackWalker.StackFrame>) frames::iterator) {
                Class<?> c = f.getDeclaringClass();
                if (c.getNestHost() == ThreadLineage.class) {
                    continue;
                }
                if (POOL_MAKERS.contains(c.getName() + "#" + f.getMethodName())) {
                    return true;
                }
                if (maker == null && !c.getName().startsWith("java.lang.")) {
                    maker = c;
                    if (isAkkasOwnThread(c) || isAgent(c)) {
                        return true;
                    }
                }
            }
            return maker == null;
        });
    }

    private static boolean isAkkasOwnThread(Class<?> c) {
        Class<?> outer = c.getEnclosingClass();
        return Thread.class.isAssignableFrom(c)
                && outer != null
                && (outer.getName().equals(AKKA_THREADS_OF) || outer.getName().equals(AKKA_THREADS_OF + "$"));
    }

    private static boolean isAgent(Class<?> c) {
        String where = location(c);
        return !where.isEmpty() && AGENT.contains(where); // a JDK class has no location
    }

    private static String location(Class<?> c) {
        java.security.CodeSource source = c.getProtectionDomain().getCodeSource();
        return source == null ? "" : String.valueOf(source.getLocation());
    }
}
