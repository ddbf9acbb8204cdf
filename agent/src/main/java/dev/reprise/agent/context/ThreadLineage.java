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
 * live one of that name), as are threads that started before the agent. Threads of another class
 * loader's Akka are left to the agent's copy there ({@link AgentCopy}).
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

    private final Lineage lineage = new Lineage(this);
    /**
     * The JVM's main thread and its own context, when the agent started on another thread: the one
     * that loaded the first class of a class loader with an Akka of its own ({@code LoaderStart}).
     */
    private volatile Thread main;

    private volatile OutsideContext mainRoot;
    /** How many threads of each name met without a lineage: the second one of a name is "NAME#2". */
    private final Map<String, Integer> threadsNamed = new ConcurrentHashMap<>();

    /**
     * The agent starts on the current thread: the root of the lineages of the threads it makes. On
     * {@code main} (also a test's thread that plays main) it is "thread:main". On another, which loads
     * the first class of a class loader with an Akka of its own, it is named for that
     * ({@value #LOADER_START}), never by the thread's name, and {@code main} gets a root of its own.
     */
    public void start(Thread main) {
        Thread current = Thread.currentThread();
        String mainName = OutsideContext.THREAD_ROOT + main.getName();
        if (current == main) {
            lineage.set(OutsideContext.root(mainName, true));
            rootThreads = Set.of(mainName);
        } else {
            mainRoot = OutsideContext.root(mainName, true);
            this.main = main;
            lineage.set(OutsideContext.root(OutsideContext.THREAD_ROOT + LOADER_START, true));
            rootThreads = Set.of(mainName, OutsideContext.THREAD_ROOT + LOADER_START);
        }
    }

    /** The names of the root threads, which a run has again under the same names ({@link #start}). */
    private volatile Set<String> rootThreads = Set.of();

    /**
     * Whether the outside context named {@code name} in a trace is the program's own thread: a root
     * thread ({@code main}, or the thread that started the agent in a class loader of its own, whose
     * identity is the JVM's), or a thread or task it started, counted from there
     * ({@link OutsideContext#isProgramThread}). A run starts them again under the same names and
     * they send their input again, after what they did before it.
     */
    public boolean isProgramThread(String name) {
        return OutsideContext.isProgramThread(name, rootThreads);
    }

    /** The root context of the thread that started the agent in a class loader of its own, after the thread prefix. */
    static final String LOADER_START = "first class of its loader";

    /**
     * The lineage of a thread that another class loader's Akka made, or that such a thread made:
     * another copy of the agent's classes follows it ({@link AgentCopy}).
     */
    private static final OutsideContext ANOTHER_COPYS = OutsideContext.root("another copy's", false);

    /** The current thread's own context: its lineage, else by its name. */
    OutsideContext ofCurrentThread() {
        OutsideContext c = own();
        if (c != null && c != ANOTHER_COPYS) {
            return c;
        }
        Thread current = Thread.currentThread();
        String name = OutsideContext.THREAD_ROOT + current.getName();
        int nth = threadsNamed.merge(name, 1, Integer::sum);
        String named = name + (nth > 1 ? "#" + nth : "");
        return c == ANOTHER_COPYS || isAnotherCopys(current.getClass())
                ? OutsideContext.anotherCopysThread(named)
                : OutsideContext.root(named, false);
    }

    /**
     * The current thread's context if the program made it (its lineage; not {@code main}, not a
     * pool's thread, not one known by its name), else null: its clock and random calls are
     * recorded from its first instruction, before it sends or asks anything.
     */
    public OutsideContext ofProgramThread() {
        OutsideContext c = own();
        return c != null && c != ANOTHER_COPYS && !c.isRootThread() ? c : null;
    }

    /** The current thread's lineage: handed down, or {@code main}'s root (which no thread handed down). */
    private OutsideContext own() {
        OutsideContext c = lineage.get();
        return c == null && Thread.currentThread() == main ? mainRoot : c;
    }

    private static final class Lineage extends InheritableThreadLocal<OutsideContext> {
        private final ThreadLineage of;

        Lineage(ThreadLineage of) {
            this.of = of;
        }

        /** In the maker's thread, as a thread is constructed: its context, or null if a pool or the agent makes it. */
        @Override
        protected OutsideContext childValue(OutsideContext handedDown) {
            try {
                OutsideContext makersOwn = handedDown != null ? handedDown : of.own();
                if (makersOwn == ANOTHER_COPYS) {
                    return ANOTHER_COPYS;
                }
                switch (maker()) {
                    case POOL -> {
                        return null;
                    }
                    case ANOTHER_COPYS_AKKA -> {
                        return ANOTHER_COPYS;
                    }
                    case PROGRAM -> {}
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
     * Who makes the thread being constructed. A pool, Akka for itself, the agent, or no Java code
     * at all (the JVM, or a native thread attaching itself): its construction runs under a pool's
     * thread-making method ({@link #POOL_MAKERS}), or its maker (the first frame below {@code
     * java.lang}'s) is one of Akka's own thread classes or the agent's code, or there is no such
     * frame. Exact methods and classes, never a package prefix or a frame further down: a thread
     * the program makes inside Scala's or Akka's code (a collection's {@code foreach}, an actor's
     * turn) or inside a pool's task is the program's. But a thread made under a class of another
     * class loader's Akka (its thread class, its pools' thread factory, its actor's turn) is that
     * Akka's program's, which another copy of the agent follows ({@link AgentCopy}): the loader
     * decides that, not a name.
     */
    private static Maker maker() {
        return WALKER.walk(frames -> {
            Class<?> maker = null;
            for (StackWalker.StackFrame f : (Iterable<StackWalker.StackFrame>) frames::iterator) {
                Class<?> c = f.getDeclaringClass();
                if (c.getNestHost() == ThreadLineage.class) {
                    continue;
                }
                if (isAnotherCopys(c)) { // its thread class, its pools' thread factory, its actor's turn
                    return Maker.ANOTHER_COPYS_AKKA;
                }
                if (POOL_MAKERS.contains(c.getName() + "#" + f.getMethodName())) {
                    return Maker.POOL;
                }
                if (maker == null && !c.getName().startsWith("java.lang.")) {
                    maker = c;
                    if (isAkkasOwnThread(c) || isAgent(c)) {
                        return Maker.POOL;
                    }
                }
            }
            return maker == null ? Maker.POOL : Maker.PROGRAM;
        });
    }

    /** Who makes a thread: the program, a pool (or the JVM, Akka for itself, the agent), or another class loader's Akka. */
    private enum Maker {
        PROGRAM,
        POOL,
        ANOTHER_COPYS_AKKA
    }

    /**
     * Whether {@code c} is Akka's or Pekko's, from another class loader than the one this copy of
     * the agent's classes links to: another copy follows what it does ({@link AgentCopy}).
     */
    private static boolean isAnotherCopys(Class<?> c) {
        if (c.getClassLoader() == OWN_LOADER) {
            return false;
        }
        String name = c.getName();
        for (Flavour f : Flavour.values()) {
            if (f.owns(name)) {
                return true;
            }
        }
        return false;
    }

    /** The loader of this copy of the agent's classes, and of the Akka it links to. */
    private static final ClassLoader OWN_LOADER = ThreadLineage.class.getClassLoader();

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
