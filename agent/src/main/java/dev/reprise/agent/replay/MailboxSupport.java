package dev.reprise.agent.replay;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.dispatch.Envelope;
import dev.reprise.replay.MessageKey;

/**
 * What a replay mailbox ({@link ReplayQueue}) asks of the agent, which knows tags and ids:
 * {@link AgentReplaySupport} in a replay, a test's own in process.
 */
public interface MailboxSupport {
    /** The key of a message, from the tag it was given when sent. */
    MessageKey keyOf(Envelope envelope);

    /** The trace id of an actor. */
    long actorId(ActorRef actor);

    /** The live ref of the actor or ask temp actor with trace id {@code id}, or null if there is none (yet). */
    ActorRef actorRef(long id);

    /**
     * A ref to stand in for {@code id}, the recorded sender of outside input injected from the trace
     * when the program's own sender does not exist in this replay (input=trace); null to use dead letters.
     */
    ActorRef standIn(long id, ActorSystem system);

    /**
     * Whether outside source {@code source} is one of the program's threads, which sends its input
     * again in replay (input delivered through the Reprise API is not delivered live in replay).
     */
    boolean resendsLive(long source);

    /**
     * Whether the input of outside source {@code source} waits for its live copy: a context that a
     * replay starts again under the same name: every thread, task or callback an actor's turn
     * started (but not Akka IO's selector, whose input replay takes from the trace), and unless the
     * input comes from the trace alone ({@link #inputFromTrace}: the program's threads may wait for
     * clients the replay does not have), {@code main}, the thread that started the agent in a class
     * loader of its own, and what they started. What the context did before sending the input (a
     * typed system's start-up, a future it waited for, a table it filled) is then done before the
     * actor takes it, as recorded.
     */
    boolean waitsForLiveCopy(long source);

    /**
     * Marks {@code envelope}, made from the trace as outside input of {@code source} (data entry
     * {@code dataId}), as replay's own: an actor that puts it back in its mailbox (a stash's
     * unstash) gets it again as that input, as the recording did, not as input of another source.
     */
    void markInjected(Envelope envelope, long source, long dataId);

    /** The data entry of an envelope {@link #markInjected} marked, else 0 (the program's own message). */
    long injectedData(Envelope envelope);

    /** Whether the replay takes recorded outside input from the trace alone ({@code input=trace}). */
    boolean inputFromTrace();

    /** A readable name for an id in reports: an actor's path, a timer, an outside source. */
    String describe(long id);

    /** Runs the timer with this id now, if it is one (replay fires timers when the trace expects them). */
    boolean fireTimer(long timerId);
}
