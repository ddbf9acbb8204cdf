package dev.reprise.replay;

import akka.actor.ActorRef;
import akka.dispatch.Envelope;

/** What the replay runtime needs from the instrumentation (the agent), which knows tags and ids. */
public interface ReplaySupport {
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
    ActorRef standIn(long id, akka.actor.ActorSystem system);

    /**
     * Whether outside source {@code source} is one of the program's threads, which sends its input
     * again in replay (input delivered through the Reprise API is not delivered live in replay).
     */
    boolean resendsLive(long source);

    /** A readable name for an id in reports: an actor's path, a timer, an outside source. */
    String describe(long id);

    /**
     * Whether {@code id} is one of the application's actors (under /user), whose recorded events
     * must all be replayed by the time the program ends; Akka's own actors race their shutdown.
     */
    boolean isApplicationActor(long id);

    /** Runs the timer with this id now, if it is one (replay fires timers when the trace expects them). */
    boolean fireTimer(long timerId);

    /**
     * The most timers the instrumentation kept at once for the replay (a timer is kept from when it
     * is set until it fires or is cancelled), so the summary can show that this stays bounded.
     */
    int timersKeptAtMost();

    /** Actor {@code id} stopped with all its events replayed: what is kept to describe it may go. */
    void forget(long id);
}
