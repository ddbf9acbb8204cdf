package dev.reprise.agent.context;

import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.AgentActor;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.replay.ReplayQueue;
import dev.reprise.runtime.ExternalInput;
import dev.reprise.runtime.ThreadRecorder;
import dev.reprise.trace.Fingerprint;

/**
 * What the agent knows about the current thread: the actor whose turn runs here, the tag that
 * messages sent now carry, and the context it runs in outside any turn ({@link OutsideContext}),
 * whose pseudo-actor (an outside source) does what the thread does there. Kept on the thread's {@link ThreadRecorder}, so dispatcher threads reach
 * it through a field.
 */
public final class AgentThread {
    /** This thread's recorder; null when replaying. */
    public final ThreadRecorder recorder;
    /** The actor whose turn (or start, supervision, stop) runs here, or null. */
    public AgentActor current;
    /** The tag of messages sent now: the actor's, a callback's or a timer's; null means outside input. */
    Tag sends;
    /** Reserved by makeChild or ask for the actor being created on this thread, until it is attached. */
    public AgentActor pendingChild;
    /** The ask temp actor whose (lazily computed) path is being made on this thread. */
    public AgentActor namingTemp;
    /** An ask is being made here (PromiseActorRef.apply): the timer it sets is its timeout ({@link AskTimeouts}). */
    public boolean asking;
    /** What the ask timeout running here did: {@link AskTimeouts#RUNNING}, {@link AskTimeouts#WON}, or 0 (none runs). */
    byte askTimeout;
    /**
     * How deep this turn (or callback, or task: {@link #callOwner()}) is in clock and random calls
     * ({@link SystemCalls}) and in Akka's or the agent's own code: only calls made at depth 0 are
     * recorded. Back to 0 when a turn, callback or task starts or ends (a hooked call that threw
     * leaves it raised until then).
     */
    int hooked;
    /**
     * The recorded {@link dev.reprise.trace.Fingerprint} of the message this turn processes (NONE
     * for other turns, and for a turn that another interrupted), and how many messages it has sent.
     */
    public byte turnFingerprint;

    /** The named {@code /system} actor being made now by its own creator ({@link SystemActorCreations}), or null. */
    public Object systemCreation;

    /** Whether {@code Await} looks at a future now ({@link FutureReads#awaitLooks}, {@link FutureReads#awaitValue}). */
    boolean awaitLooks;

    /** How deep this thread is in registering callbacks on a Scala future ({@link FutureReads#registering}). */
    int registering;

    /**
     * Whether the callbacks being registered now must not run at once ({@link FutureReads#runningAtOnce}):
     * the outermost registration found its future incomplete. Not tied to that future: the registration
     * may end on the root of a linked one ({@code flatMap}'s).
     */
    boolean deferring;

    /** The promise completions under way here, made at the first ({@link Callbacks#completing}). */
    private CompletionsUnderWay completions;

    /** How many outermost registrations of callbacks on Scala futures this thread has made (it wraps). */
    int registrations;

    /** The future whose combinator was answered incomplete and runs now ({@link FutureReads#combinatorEnded}), or null. */
    Object watchedCombinator;

    /** {@link #registrations} when that combinator started. */
    int registrationsWatched;

    public int turnSends;
    /** The class of the last message recorded here, and its fingerprint (a cache: most turns repeat a class). */
    public Class<?> lastMessageClass;

    public byte lastMessageFingerprint;
    /** In replay: this turn processes a message its actor's recorded events named (not a live one, not a system message). */
    public boolean scriptedTurn;
    /** In replay, for a scripted turn: the mailbox that handed out its message (it knows the actor's script). */
    public ReplayQueue turnQueue;
    /** The context it runs in outside turns; null until first asked for. */
    private OutsideContext context;
    /** Whether {@link #runningContext()} has looked for the thread's lineage (it does once, while context is null). */
    private boolean lineageLooked;

    /** @param recorder the thread's recorder, or null when replaying */
    public AgentThread(ThreadRecorder recorder) {
        this.recorder = recorder;
    }

    CompletionsUnderWay completions() {
        CompletionsUnderWay c = completions;
        return c != null ? c : (completions = new CompletionsUnderWay());
    }

    /** The promise completions under way here, or null if there never was one. */
    CompletionsUnderWay completionsIfAny() {
        return completions;
    }

    /** This thread's state ({@link Mode#thread()}). */
    public static AgentThread current() {
        return Agent.mode.thread();
    }

    /**
     * This thread's state if it has one, else null ({@link Mode#peekThread}): clock and random calls
     * come from every thread, and most never run an actor.
     */
    static AgentThread peek() {
        Mode m = Agent.mode;
        return m == null ? null : m.peekThread();
    }

    /** This thread as an outside source: the pseudo-actor of the context it runs in ({@link #outsideContext()}). */
    AgentActor outside() {
        return outsideContext().actor();
    }

    /**
     * The context this thread runs in outside any turn: a pool task's while it runs one, else the
     * thread's own ({@link ThreadLineage}).
     */
    OutsideContext outsideContext() {
        if (context == null) {
            context = Agent.mode.lineage.ofCurrentThread();
        }
        return context;
    }

    /** This thread runs pool task {@code task} now; returns the context to go back to ({@link #exitContext}). */
    OutsideContext enterContext(OutsideContext task) {
        OutsideContext previous = outsideContext();
        context = task;
        enteredOutside();
        return previous;
    }

    void exitContext(OutsideContext previous) {
        context = previous;
        enteredOutside();
    }

    /** A callback or timer task starts: what it sends carries {@code tag}; returns the tag to go back to ({@link #exitCallback}). */
    Tag enterCallback(Tag tag) {
        Tag previous = sends;
        sends = tag;
        enteredOutside();
        return previous;
    }

    void exitCallback(Tag previous) {
        sends = previous;
        enteredOutside();
    }

    /** Outside any turn, a context starts or ends here: its clock and random calls count from the outermost again. */
    private void enteredOutside() {
        if (current == null) {
            hooked = 0;
        }
    }

    /**
     * The callback or timer task that runs here now (also inside a turn, run at once there), else
     * outside any turn the pool task that runs or the thread itself if the program started it;
     * null in a turn, and on {@code main} or a thread known by its name ({@link OutsideContext#isRootThread()}).
     */
    private OutsideContext runningContext() {
        OutsideContext c = sends != null ? sends.context() : null;
        if (c != null || current != null) {
            return c; // a turn that runs inside a task (a calling-thread dispatcher) is the actor's
        }
        c = context;
        if (c == null && !lineageLooked) { // a thread the program made is recorded from its first call
            lineageLooked = true;
            c = context = Agent.mode.lineage.ofProgramThread();
        }
        return c != null && !c.isRootThread() ? c : null;
    }

    /**
     * Whose clock, random and {@code Reprise.systemCall} results are recorded (and replayed) now:
     * the callback, timer task, pool task or program-started thread that runs, if it comes at the
     * same place in every run ({@link OutsideContext#replayable}), else the actor in its turn; else
     * null (not recorded).
     * The one notion of "inside" that recording, replay and the hooks share.
     */
    public AgentActor callOwner() {
        OutsideContext c = runningContext();
        if (c != null) { // a callback run at once inside a turn is still the callback
            return c.replayable ? c.actor() : null;
        }
        return current;
    }

    /**
     * Whether what this thread does now is another copy's of the agent's classes to follow ({@link
     * AgentCopy}): it runs no turn, task or callback of this copy's, and another class loader's Akka
     * made it.
     */
    public boolean leftToAnotherCopy() {
        return current == null && runningContext() == null && outsideContext().anotherCopys;
    }

    /** Whether calls made now are recorded ({@link #callOwner()} is not null), without making a pseudo-actor. */
    boolean recordsCalls() {
        OutsideContext c = runningContext();
        return c != null ? c.replayable : current != null;
    }

    /**
     * Who creates actors, temp actors and timers from here: the callback or timer task that runs,
     * else the current actor, else this thread's context (never the pool thread as such).
     */
    public AgentActor creator() {
        OutsideContext c = sends != null ? sends.context() : null;
        if (c != null) { // also when the callback runs at once, inside a turn: the same either way
            return c.actor();
        }
        return current != null ? current : outsideContext().actor();
    }

    /** The actor that counts a thread, task or callback started now: the current one in its own turn, else null. */
    AgentActor startingActor() {
        return current != null && (sends == null || sends.kind == Tag.PLAIN) ? current : null;
    }

    /** The context that counts a thread, task or callback started now when no actor does ({@link #startingActor}). */
    OutsideContext startingContext() {
        OutsideContext c = sends != null ? sends.context() : null;
        return c != null ? c : outsideContext();
    }

    /** Whether a message sent now with {@code tag} is one of the current turn's own sends, which its fingerprint counts. */
    boolean countsInTurn(Tag tag) {
        return turnFingerprint != Fingerprint.NONE && current != null && tag == current.sends;
    }

    /** The tag for a message sent now from this thread. */
    Tag tagForSend() {
        if (sends != null) {
            return sends;
        }
        ExternalInput.Delivery d = ExternalInput.current();
        return d != null ? Tag.external(d.source(), d.eventType()) : Tag.external(outside());
    }

    /** Who owns a callback registered now: the current actor, the callback it runs in, or this thread. */
    long ownerId() {
        if (sends != null && sends.kind == Tag.PROMISE) { // a callback, also one run at once inside a turn
            return sends.sender;
        }
        return current != null ? current.id() : outside().id();
    }

    /**
     * Who completes a promise now: the current actor; a Scala future callback that comes at the
     * same place in every run, as itself (so the results of {@code Future {...}} and of a {@code
     * map} are each their own callback's, and what their callbacks send is told apart however they
     * race); another callback, the promise it runs for (a {@code CompletableFuture} callback's own
     * promise id, a timer); else this thread's context.
     */
    long resolverId() {
        if (current != null && (sends == null || sends.kind == Tag.PLAIN)) {
            return current.id();
        }
        if (sends != null && sends.kind == Tag.PROMISE) {
            OutsideContext c = sends.context();
            return c != null && c.completesAsItself() ? c.actor().id() : sends.resolver;
        }
        return outside().id();
    }

    /** Actors whose turns the current one interrupted (nested turns are rare: a calling-thread dispatcher). */
    private AgentActor[] interrupted;

    private int depth;

    /** Starts a turn of {@code actor}, remembering the turn it interrupts (normally none). */
    public AgentThread enter(AgentActor actor) {
        if (current != null) {
            interrupt();
        }
        current = actor;
        sends = actor.sends;
        // Each field is stored only when it changes: a store costs the hot path more than a load.
        if (hooked != 0) {
            hooked = 0;
        }
        if (turnFingerprint != 0) {
            turnFingerprint = 0;
        }
        if (turnSends != 0) {
            turnSends = 0;
        }
        if (scriptedTurn) {
            scriptedTurn = false;
        }
        if (turnQueue != null) {
            turnQueue = null;
        }
        return this;
    }

    private void interrupt() {
        if (interrupted == null) {
            interrupted = new AgentActor[4];
        } else if (depth == interrupted.length) {
            interrupted = java.util.Arrays.copyOf(interrupted, depth * 2);
        }
        interrupted[depth++] = current;
    }

    /** Ends the current turn, going back to the interrupted one if there was one. */
    public void exit() {
        if (hooked != 0) {
            hooked = 0;
        }
        if (depth == 0) {
            if (turnFingerprint != 0) {
                turnFingerprint = 0;
            }
            current = null;
            sends = null;
            return;
        }
        AgentActor previous = interrupted[--depth];
        interrupted[depth] = null;
        turnFingerprint = 0; // the interrupted turn's sends were not all counted
        scriptedTurn = false;
        current = previous;
        sends = previous.sends;
    }
}
