package dev.reprise.agent.context;

import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.ActorIds;
import dev.reprise.agent.actor.AgentActor;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.health.AgentLog;

/**
 * Code that runs outside any actor's turn: a thread, a task given to a thread pool, a future's
 * callback, a timer's task. It is named by where it was started, never by the thread that runs
 * it: a root ("thread:main", or a thread of unknown origin by its name), or the n-th context that
 * its starter (an actor in its turn, or another context) started, of its kind ("actor 23/callback 2",
 * "thread:main/task 4/thread 1"). Whoever started it started it at the same place in a replay, so
 * it gets the same name there, whatever the pools' sizes or their threads' names.
 *
 * <p>What it creates (actors, asks' temp actors, timers) and sends from outside is recorded as
 * the doing of an outside source with this name: a pseudo-actor made on its first use only (most
 * callbacks create nothing), so what the trace keeps grows with the contexts that do something.
 *
 * <p>Each context is run by one thread at a time (a thread runs its own; a task or callback runs
 * once, or periodically without overlap), so its count of started contexts needs no atomics; the
 * pseudo-actor is made under a lock, since a child's name may ask for it from another thread.
 */
public final class OutsideContext {
    /** For a callback, the owner that {@link Tag#promise} names: the actor or source that registered it. */
    final long owner;

    private final OutsideContext parent;
    /** Started in this actor's turn (the parent is then null). */
    private final AgentActor startedByActor;
    /** Or started by a context that is named here by its pseudo-actor's id ({@link #MAX_DEPTH}). */
    private final String startedBySource;

    private final String kind;
    private final int index;
    /** How many contexts up its name goes: 0 for a root. */
    private final int depth;
    /**
     * Whether it comes at the same place in every run, so its clock and random calls are recorded
     * (and replayed) as an actor's are: started by an actor, by such a context, or a timer's; not a
     * thread known only by its name, nor a Scala callback registered by a thread's own code (Akka's
     * {@code Await} registers some there in one run and not the other).
     */
    final boolean replayable;
    /**
     * A thread that another copy of the agent's classes follows ({@link AgentCopy}): one that
     * another class loader's Akka made. This copy leaves what it does alone.
     */
    final boolean anotherCopys;

    private String name;
    /** What it started, counted; made when it starts its first (most callbacks start nothing). */
    private Starts starts;

    private AgentActor actor;

    /**
     * Beyond this depth a context is named after its parent's pseudo-actor instead of its parent's
     * name: a callback that registers the next, again and again, would otherwise make ever longer
     * names and keep the whole chain alive.
     */
    static final int MAX_DEPTH = 8;

    private OutsideContext(String name, boolean replayable, boolean anotherCopys) {
        this(ActorIds.UNKNOWN, null, null, null, null, 0, replayable, 0, anotherCopys);
        this.name = name;
    }

    private OutsideContext(
            long owner,
            OutsideContext parent,
            AgentActor startedByActor,
            String startedBySource,
            String kind,
            int index,
            boolean replayable,
            int depth,
            boolean anotherCopys) {
        this.anotherCopys = anotherCopys;
        this.owner = owner;
        this.parent = parent;
        this.startedByActor = startedByActor;
        this.startedBySource = startedBySource;
        this.kind = kind;
        this.index = index;
        this.replayable = replayable;
        this.depth = depth;
    }

    /** The name of a thread that is a root context starts with this ("thread:main"). */
    static final String THREAD_ROOT = "thread:";
    /** The name of a timer's task context starts with this, then the timer's id. */
    static final String TIMER_ROOT = "timer ";

    /** The name of the context that makes a named {@code /system} actor ({@link SystemActorCreations}) starts with this. */
    static final String SYSTEM_ACTOR_ROOT = "system actor ";

    /** The name of the context that makes an Akka extension ({@link ExtensionCreations}) starts with this. */
    static final String EXTENSION_ROOT = "extension ";

    private static final String ACTOR_ROOT = "actor ";
    private static final String SOURCE_ROOT = "source ";

    /** Whether an outside source of this name is a context of the program (not a declared {@code ExternalSource}). */
    public static boolean isContextName(String name) {
        return name.startsWith(THREAD_ROOT)
                || name.startsWith(TIMER_ROOT)
                || name.startsWith(SYSTEM_ACTOR_ROOT)
                || name.startsWith(EXTENSION_ROOT)
                || name.startsWith(ACTOR_ROOT)
                || name.startsWith(SOURCE_ROOT);
    }

    /**
     * Whether the context named {@code name} (a trace's outside source) is one of the root threads
     * {@code rootThreads} ("thread:main"), or a context started from one, under a name that a run
     * gives it again, as its {@link #replayable} flag said when recorded: not a Scala callback that a
     * root thread's own code registered (an {@code Await} makes their count chance), nor what that
     * started, nor a thread known by its name only, nor a timer's context. An actor's contexts
     * ({@link #startingActor}) run again live too, except Akka IO's selector ({@link #isSelectorContext}).
     * A name cut at the depth limit ("source N/...") is not followed.
     */
    static boolean isProgramThread(String name, java.util.Set<String> rootThreads) {
        for (String root : rootThreads) {
            if (name.equals(root)) {
                return true;
            }
            if (name.startsWith(root + "/")) {
                return !name.startsWith(root + "/" + Starts.CALLBACK + " ");
            }
        }
        return false;
    }

    /**
     * The actor whose turn started the context named {@code name} ("actor 23/task 1" and what that
     * started), else -1.
     */
    public static long startingActor(String name) {
        int slash = name.indexOf('/');
        if (!name.startsWith(ACTOR_ROOT) || slash < 0) {
            return -1;
        }
        try {
            return Long.parseLong(name, ACTOR_ROOT.length(), slash, 10);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * Whether the context named {@code name} is Akka IO's selector ("actor 30/selector 1") or was
     * started by it: replay takes what the selector said from the trace, so it sends nothing live.
     */
    public static boolean isSelectorContext(String name) {
        return name.contains("/" + Starts.SELECTOR + " ");
    }

    /** A thread named {@code name}, started by nothing Reprise knows of ({@code replayable}: the main thread). */
    static OutsideContext root(String name, boolean replayable) {
        return new OutsideContext(name, replayable, false);
    }

    /** A thread named {@code name} that another class loader's Akka made, which another copy of the agent follows. */
    static OutsideContext anotherCopysThread(String name) {
        return new OutsideContext(name, false, true);
    }

    /** The context of timer {@code id}'s task: replayable, as replay gives the timer its id again. */
    public static OutsideContext ofTimer(long id) {
        return new OutsideContext(TIMER_ROOT + id, true, false);
    }

    /**
     * Whether it is a thread that nothing Reprise follows started: {@code main} (where the agent
     * itself starts) or a thread known by its name; not a thread the program started, a task, a
     * callback or a timer task.
     */
    boolean isRootThread() {
        return kind == null && name.startsWith(THREAD_ROOT);
    }

    /**
     * Whether a promise it completes is completed by it, as its own pseudo-actor: a Scala future
     * callback that comes at the same place in every run. (A {@code CompletableFuture} callback
     * has a promise id of its own already; one that a thread's own code registered is not
     * numbered the same in every run, so it passes on the resolver it runs with.)
     */
    boolean completesAsItself() {
        return replayable && Starts.CALLBACK.equals(kind);
    }

    /**
     * A context of {@code kind} ({@link Starts}) that {@code t} starts now: counted by
     * the current actor, or by the context this thread runs in. {@code owner} is the id its promise
     * messages name as their sender (callbacks only).
     */
    static OutsideContext startedBy(AgentThread t, String kind, long owner) {
        AgentActor actor = t.startingActor();
        if (actor != null) {
            return new OutsideContext(
                    owner, null, actor, null, kind, actor.starts().next(kind), true, 1, false);
        }
        return startedBy(t.startingContext(), kind, owner);
    }

    /** A context of {@code kind} started by {@code parent} now (on a thread with no agent state yet). */
    static OutsideContext startedBy(OutsideContext parent, String kind, long owner) {
        boolean replayable = parent.replayable && !(kind.equals(Starts.CALLBACK) && parent.isRootThread());
        if (parent.starts == null) {
            parent.starts = new Starts();
        }
        int index = parent.starts.next(kind);
        if (parent.depth >= MAX_DEPTH) {
            return new OutsideContext(
                    owner,
                    null,
                    null,
                    SOURCE_ROOT + parent.actor().id(),
                    kind,
                    index,
                    replayable,
                    1,
                    parent.anotherCopys);
        }
        return new OutsideContext(
                owner, parent, null, null, kind, index, replayable, parent.depth + 1, parent.anotherCopys);
    }

    /**
     * What an actor or context started, counted per kind: a starter's threads are numbered apart
     * from its callbacks, and a CompletionStage's callbacks apart from a Scala future's, so a
     * future callback that Akka registers in one run only (an {@code Await} on a future that is
     * not complete yet) shifts no other name.
     */
    public static final class Starts {
        static final String THREAD = "thread";
        static final String TASK = "task";
        /** A Scala future's callback. */
        static final String CALLBACK = "callback";
        /** A CompletionStage's callback (a CompletableFuture's, an ask's stage's). */
        static final String STAGE = "stage";
        /** Akka IO's selector: the tasks of a selection handler's channel registry ({@link SelectorTasks}). */
        static final String SELECTOR = "selector";

        private int threads;
        private int tasks;
        private int callbacks;
        private int stages;
        private int selectors;

        int next(String kind) {
            return switch (kind) {
                case THREAD -> ++threads;
                case TASK -> ++tasks;
                case STAGE -> ++stages;
                case SELECTOR -> ++selectors;
                default -> ++callbacks;
            };
        }
    }

    /** Its name: where it was started, from the root. */
    String name() {
        String n = name;
        if (n == null) {
            String of = parent != null
                    ? parent.name()
                    : startedByActor != null ? ACTOR_ROOT + startedByActor.id() : startedBySource;
            n = of + "/" + kind + " " + index;
            name = n;
        }
        return n;
    }

    /** Its pseudo-actor, as an outside source named {@link #name()}: the recorded one in replay. */
    synchronized AgentActor actor() {
        if (actor == null) {
            String source = name();
            long id = Agent.mode.sourceId(source);
            actor = new AgentActor(id > 0 ? id : Agent.mode.ids.next());
            if (id <= 0) { // a replay's context that the trace does not name (it names the others)
                AgentLog.debug("outside context " + source + " is not in the trace: id " + actor.id());
                Agent.mode.actorBuilt(actor, "outside source " + source);
            }
        }
        return actor;
    }

    /**
     * The resolver that the promise messages of this callback, running on {@code t} with a result
     * that {@code resolver} made, name: that one, unless it is the callback's own registrant and
     * the callback runs outside the registrant's turn. A result made in a turn without a promise
     * completion ({@code Future.failed}, an ask of an actor already stopped) names its actor, and
     * two callbacks the actor put on such results, run on a pool (as a converted future's stage
     * callbacks always are), would send messages of one name in whatever order their threads ran.
     * Then the callback's own pseudo-actor names them apart. One run at once, in the turn, is
     * ordered by the turn.
     */
    long resolverNaming(long resolver, AgentThread t) {
        if (resolver != owner || !replayable || (t.current != null && t.current.id() == owner)) {
            return resolver;
        }
        return actor().id();
    }

    @Override
    public String toString() {
        return name();
    }
}
