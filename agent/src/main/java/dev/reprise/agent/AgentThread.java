package dev.reprise.agent;

import dev.reprise.runtime.ExternalInput;
import dev.reprise.runtime.ThreadRecorder;

/**
 * What the agent knows about the current thread: the actor whose turn runs here, the tag that
 * messages sent now carry, and the context it runs in outside any turn ({@link OutsideContext}),
 * whose pseudo-actor (an outside source) does what the thread does there. Kept on the thread's {@link ThreadRecorder}, so dispatcher threads reach
 * it through a field.
 */
final class AgentThread {
    /** This thread's recorder; null when replaying. */
    final ThreadRecorder recorder;
    /** The actor whose turn (or start, supervision, stop) runs here, or null. */
    AgentActor current;
    /** The tag of messages sent now: the actor's, a callback's or a timer's; null means outside input. */
    Tag sends;
    /** Reserved by makeChild or ask for the actor being created on this thread, until it is attached. */
    AgentActor pendingChild;
    /** The ask temp actor whose (lazily computed) path is being made on this thread. */
    AgentActor namingTemp;
    /**
     * How deep this turn is in clock and random calls ({@link SourceCalls}) and in Akka's or the
     * agent's own code: only calls made at depth 0 are recorded. Back to 0 when a turn starts or
     * ends (a hooked call that threw leaves it raised until then).
     */
    int hooked;
    /**
     * The recorded {@link dev.reprise.trace.Fingerprint} of the message this turn processes (NONE
     * for other turns, and for a turn that another interrupted), and how many messages it has sent.
     */
    byte turnFingerprint;
    int turnSends;
    /** The class of the last message recorded here, and its fingerprint (a cache: most turns repeat a class). */
    Class<?> lastMessageClass;
    byte lastMessageFingerprint;
    /** In replay: this turn processes a message its actor's recorded events named (not a live one, not a system message). */
    boolean scriptedTurn;
    /** The context it runs in outside turns; null until first asked for. */
    private OutsideContext context;

    /** @param recorder the thread's recorder, or null when replaying */
    AgentThread(ThreadRecorder recorder) {
        this.recorder = recorder;
    }

    /** This thread's state ({@link Mode#thread()}). */
    static AgentThread current() {
        return Agent.mode.thread();
    }

    /**
     * This thread's state if it has one, else null; never registers the thread with the recorder
     * (clock and random calls come from every thread, and most never run an actor).
     */
    static AgentThread peek() {
        Mode m = Agent.mode;
        return m == null ? null : m.peekThread();
    }

    /** This thread as an outside source: the pseudo-actor of the context it runs in ({@link #context()}). */
    AgentActor outside() {
        return context().actor();
    }

    /**
     * The context this thread runs in outside any turn: a pool task's while it runs one, else the
     * thread's own ({@link ThreadLineage}).
     */
    OutsideContext context() {
        if (context == null) {
            context = ThreadLineage.ofCurrentThread();
        }
        return context;
    }

    /** This thread runs {@code task} now; returns the context to go back to ({@link #exitContext}). */
    OutsideContext enterContext(OutsideContext task) {
        OutsideContext previous = context();
        context = task;
        return previous;
    }

    void exitContext(OutsideContext previous) {
        context = previous;
    }

    /**
     * Who creates actors, temp actors and timers from here: the current actor, else the callback
     * or timer task that runs, else this thread's context (never the pool thread as such).
     */
    AgentActor creator() {
        if (current != null) {
            return current;
        }
        OutsideContext c = sends != null ? sends.context() : null;
        return (c != null ? c : context()).actor();
    }

    /** The actor that counts a thread, task or callback started now: the current one in its own turn, else null. */
    AgentActor startingActor() {
        return current != null && (sends == null || sends.kind == Tag.PLAIN) ? current : null;
    }

    /** The context that counts a thread, task or callback started now when no actor does ({@link #startingActor}). */
    OutsideContext startingContext() {
        OutsideContext c = sends != null ? sends.context() : null;
        return c != null ? c : context();
    }

    /** The tag for a message sent now from this thread. */
    Tag tagForSend() {
        if (sends != null) {
            return sends;
        }
        ExternalInput.Delivery d = ExternalInput.current();
        return d != null ? Tag.external(d.source(), d.eventType()) : Tag.external(outside().id(), 0);
    }

    /** Who owns a callback registered now: the current actor, the callback it runs in, or this thread. */
    int ownerId() {
        if (current != null) {
            return current.id();
        }
        return sends != null ? sends.sender : outside().id();
    }

    /** Who completes a promise now: the current actor, the promise that this callback runs for, or this thread. */
    int resolverId() {
        if (current != null && (sends == null || sends.kind == Tag.PLAIN)) {
            return current.id();
        }
        if (sends != null && sends.kind == Tag.PROMISE) {
            return sends.resolver;
        }
        return outside().id();
    }

    /** Actors whose turns the current one interrupted (nested turns are rare: a calling-thread dispatcher). */
    private AgentActor[] interrupted;
    private int depth;

    /** Starts a turn of {@code actor}, remembering the turn it interrupts (normally none). */
    AgentThread enter(AgentActor actor) {
        if (current != null) {
            interrupt();
        }
        current = actor;
        sends = actor.sends;
        hooked = 0;
        turnFingerprint = 0;
        turnSends = 0;
        scriptedTurn = false;
        if (recorder != null) {
            recorder.enter(actor.record);
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
    void exit() {
        hooked = 0;
        if (depth == 0) {
            turnFingerprint = 0;
            current = null;
            sends = null;
            if (recorder != null) {
                recorder.leave();
            }
            return;
        }
        AgentActor previous = interrupted[--depth];
        interrupted[depth] = null;
        turnFingerprint = 0; // the interrupted turn's sends were not all counted
        scriptedTurn = false;
        current = previous;
        sends = previous.sends;
        if (recorder != null) {
            recorder.enter(previous.record);
        }
    }
}
