package dev.reprise.agent.context;

import dev.reprise.agent.Agent;
import dev.reprise.agent.Lifecycle;
import dev.reprise.agent.actor.ActorIds;
import dev.reprise.agent.actor.AddedState;
import dev.reprise.agent.actor.AgentActor;
import dev.reprise.agent.actor.RepriseState;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.replay.LostCompletions;
import dev.reprise.trace.CreationKind;

/**
 * The agent's runtime in this JVM: what it does differently when it records and when it replays,
 * chosen once at start ({@link Agent#mode}), and the state both share. The hooks' helpers call it
 * and never ask which mode they are in. {@link dev.reprise.agent.record.RecordMode} appends to the
 * trace; {@link dev.reprise.agent.replay.ReplayMode} follows it. Every piece of the agent's mutable
 * state is reached from here (the few statics left say why they are static).
 */
public abstract class Mode {
    /** Which copy of the agent's classes this is ({@link AgentCopy}): one for each class loader with an Akka of its own. */
    public final AgentCopy copy;
    /** Ids of what this run creates. */
    public final ActorIds ids;
    /** The actor systems alive; the run's end when the last one terminates. */
    public final Lifecycle lifecycle;
    /** Threads' own contexts, by who made them or by their names. */
    public final ThreadLineage lineage = new ThreadLineage();
    /** Which child's failure each supervisor's decision came from. */
    public final FailedChildren failedChildren = new FailedChildren();

    /** Who makes the named {@code /system} actors that extensions make lazily, by path. */
    public final SystemActorCreations systemActors = new SystemActorCreations();
    /** The contexts that make Akka extensions ({@link ExtensionCreations}). */
    final ExtensionCreations extensions = new ExtensionCreations();

    /** The state of threads that hold none in a field (not Akka's dispatcher threads). */
    private final ThreadLocal<AgentThread> otherThreads = new ThreadLocal<>();

    /** The JVM's {@code main}: the thread the agent started on with the JVM ({@code -javaagent}); set by {@link #begin}. */
    private volatile Thread mainThread = Thread.currentThread();

    /**
     * The mode is chosen: from here on the hooks reach it. {@code main} is the JVM's main thread
     * (the one that ran premain; not the one that starts the agent in a class loader of its own);
     * the calling thread is the root of every thread's lineage.
     */
    public void begin(Thread main) {
        mainThread = main;
        Agent.mode = this;
        lineage.start(main);
    }

    /** The JVM's {@code main} thread. */
    public Thread mainThread() {
        return mainThread;
    }

    /**
     * @param copy which copy of the agent's classes this is
     * @param ids where this run's ids come from: counted from the first dynamic id when recording, from far above the trace's in replay
     */
    protected Mode(AgentCopy copy, ActorIds ids) {
        this.copy = copy;
        this.ids = ids;
        this.lifecycle = new Lifecycle(copy.inLoader());
    }

    /**
     * This thread's state, made on its first use. A dispatcher thread holds it in a field ({@link
     * RepriseState}): one load on the hot path, which looks the thread up twice per message (at
     * the send and at the turn); in replay, the thread-local's lookup had 2.7% of SleepingBarber's
     * samples on one thread.
     */
    public final AgentThread thread() {
        AgentThread t = AddedState.threadOf(Thread.currentThread());
        if (t != null) {
            return t;
        }
        return registerThread();
    }

    /**
     * The state of a thread that holds none in a field: its thread-local's, else made now ({@link
     * #newThread}), on its first use or after the JDK erased the thread-local (a common pool
     * worker's, after each task).
     */
    protected final AgentThread registerThread() {
        Thread current = Thread.currentThread();
        boolean inField = AddedState.holdsThreadState(current);
        AgentThread t = inField ? null : otherThreads.get();
        if (t != null) {
            return t;
        }
        t = newThread();
        if (inField) {
            AddedState.setThread(current, t);
        } else {
            otherThreads.set(t);
        }
        return t;
    }

    /** This thread's state if it has one already, else null. */
    protected final AgentThread registeredThread() {
        Thread current = Thread.currentThread();
        return AddedState.holdsThreadState(current) ? AddedState.threadOf(current) : otherThreads.get();
    }

    /** A new state for the current thread, which has none. */
    protected abstract AgentThread newThread();

    /**
     * This thread's state if it has one, else null; registers only a thread the program made
     * ({@link ThreadLineage#ofProgramThread}), whose calls are recorded from its first (most threads
     * that call the clock never run an actor).
     */
    public abstract AgentThread peekThread();

    /** A turn of {@code actor} processes {@code envelope} on {@code t}: recorded, or checked against the trace. */
    public abstract AgentThread messageTurn(AgentThread t, AgentActor actor, Object cell, Object envelope);

    /**
     * A system message's turn of {@code actor} on {@code t}: recorded in its place, or in replay held
     * ({@link SystemMessageTurns#HELD}) until the actor's recorded events reach it.
     */
    public abstract Object systemMessageTurn(AgentThread t, AgentActor actor, Object cell, Object message);

    /**
     * The turn of the actor of {@code cell} on {@code t} (null: the turn's start failed) is over:
     * what it sent completes its fingerprint, or is checked, and the thread leaves the actor.
     */
    public abstract void turnOver(AgentThread t, Object cell);

    /**
     * The id of what {@code t}'s creator creates now ({@code props}: the actor's, or null): a new
     * one recorded as a creation, or the one the trace recorded.
     */
    public abstract long newId(AgentThread t, CreationKind kind, Object props);

    /**
     * {@code t}'s actor tries to complete {@code promise} (not completed yet) with {@code result}:
     * the result gets the completion's id, a new one or the one the trace recorded, which is
     * returned for {@link #completed} (0: none). In replay, where the recording's attempt lost to
     * another completer, the actor waits for that completer instead ({@link LostCompletions}).
     */
    public abstract long completing(AgentThread t, Object promise, RepriseState result);

    /** The attempt that {@link #completing} gave {@code id} completed its promise: recorded, or checked against the trace. */
    public abstract void completed(AgentThread t, long id);

    /**
     * The id of the outside context named {@code name}, asked once per context (contexts' names
     * never repeat): a new one, or the one the trace recorded for that name.
     */
    public abstract long sourceId(String name);

    /**
     * {@code envelope}, outside input whose content is not recorded yet ({@code tag}, its tag), is
     * handed to {@code cell}: its content is recorded (replay injects it).
     */
    public abstract void delivering(Object cell, Object envelope, Tag tag);

    /**
     * The outermost clock or random call made for {@code t}'s {@link AgentThread#callOwner()}
     * returned {@code live}: recorded (null returned), or the recorded result returned in its place
     * (a result of another size stops the replay: another kind of call was recorded there).
     */
    public abstract byte[] systemCall(AgentThread t, String call, byte[] live);

    /** What the trace keeps that older agents did not: all of it when recording; in replay, what the trace names. */
    public abstract TraceFeatures features();

    /** The program calls {@code System.exit(status)}: recorded, or in replay checked against the recording. */
    public abstract void exiting(int status);

    /** {@code main} ends with {@code exception}, which nothing caught (its JVM exits with status 1). */
    public abstract void mainThrew(Throwable exception);

    /**
     * The JVM got {@code name} ({@code signal}: SIGTERM is 15), which ends it through its shutdown
     * hooks ({@link ProgramSignals}): recorded as how the run ended, or in replay the user stopping it.
     */
    public abstract void signalled(String name, int signal);

    /** What a turn learns from the network in Akka IO: recorded, or replayed from the trace. */
    public abstract dev.reprise.agent.io.Network network();

    /**
     * The timeout of an ask completed it (the reply had not): recorded as a system call of the timer,
     * so replay fires it only when the recording's did ({@link AskTimeouts}).
     */
    public abstract void askTimedOut(AgentThread t, long timer);

    /** A timer is set ({@code rearmed}: a periodic one again): what the scheduler is given to run. */
    public abstract Runnable timer(Timers.TimerTask timer, Tag fires, boolean rearmed);

    /**
     * A timer is set to fire after {@code delay}: how long the scheduler waits. As asked, except in
     * a perturbed recording ({@link dev.reprise.agent.record.PerturbedRecordMode}).
     */
    public scala.concurrent.duration.FiniteDuration timerDelay(scala.concurrent.duration.FiniteDuration delay) {
        return delay;
    }

    /** The scheduler accepted {@code task} and returned {@code handle}. */
    public abstract void timerScheduled(Runnable task, Object handle);

    /**
     * The actor {@code actor} got its cell; {@code name} is its {@link akka.actor.ActorPath} (or,
     * for an outside context's pseudo-actor, a string), rendered only when a report needs it.
     */
    public abstract void actorBuilt(AgentActor actor, Object name);

    /** {@code ref} was made for {@code actor} (an actor or an ask's temp actor). */
    public abstract void refMade(AgentActor actor, akka.actor.ActorRef ref);

    /** The last actor system terminated: the recording is finished, or the replay ends with its summary. */
    public abstract void lastSystemTerminated();

    /**
     * The program used {@code feature}, which the agent does not record faithfully ({@code
     * NotCovered}): when recording, said once per {@code feature} and {@code detail} ({@code
     * warning}, on stderr) and counted in the trace's metadata; nothing in replay.
     */
    public abstract void notCovered(String feature, String detail, String warning);

    /** An internal error of the agent at {@code site}: counted in the trace when recording. */
    public abstract void internalError(String site);

    /** The application's Akka cannot be recorded or replayed ({@code why}): said once, and kept in the trace when recording. */
    public abstract void refuse(String why);
}
