package dev.reprise.agent;

import dev.reprise.runtime.ExternalInput;
import dev.reprise.runtime.ThreadRecorder;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the agent knows about the current thread: the actor whose turn runs here, the tag that
 * messages sent now carry, and the thread's own pseudo-actor (an outside source) for what it
 * does outside any actor. Kept on the thread's {@link ThreadRecorder}, so dispatcher threads reach
 * it through a field.
 */
final class AgentThread {
    /** The name of a thread as an outside source is this prefix and the thread's name. */
    static final String THREAD_SOURCE = "thread:";
    private static final Map<String, Integer> threadsNamed = new ConcurrentHashMap<>();

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
    private AgentActor outside;

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

    /**
     * This thread as an outside source: a pseudo-actor named after the thread ("thread:main",
     * a second live "thread:worker" becomes "thread:worker#2"), so the same program gets the same
     * ids in replay.
     */
    AgentActor outside() {
        if (outside == null) {
            String name = Thread.currentThread().getName();
            int nth = threadsNamed.merge(name, 1, Integer::sum);
            String source = THREAD_SOURCE + name + (nth > 1 ? "#" + nth : "");
            long id = Agent.mode.sourceId(source);
            outside = new AgentActor(id > 0 ? id : ActorIds.next());
            Names.of(outside.id(), "outside source " + source);
        }
        return outside;
    }

    /** Who creates actors, temp actors and timers from here: the current actor, else this thread. */
    AgentActor creator() {
        return current != null ? current : outside();
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
    long ownerId() {
        if (current != null) {
            return current.id();
        }
        return sends != null ? sends.sender : outside().id();
    }

    /** Who completes a promise now: the current actor, the promise that this callback runs for, or this thread. */
    long resolverId() {
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
