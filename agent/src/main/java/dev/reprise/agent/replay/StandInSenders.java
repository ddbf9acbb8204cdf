package dev.reprise.agent.replay;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.ExtendedActorSystem;
import akka.pattern.PromiseActorRef;
import dev.reprise.agent.actor.AddedState;
import dev.reprise.agent.actor.AgentActor;

/**
 * Replay with {@code input=trace}: outside input is injected from the trace, and the sender it was
 * recorded with (an ask's temp actor, made by a thread that sends nothing in this replay, such as a
 * server's network thread without clients) does not exist. A stand-in takes its place: a temp
 * actor with the recorded id, whose promise the reply completes as the recording's reply did (the
 * replier's completion is checked against the trace) and that nobody waits on.
 */
final class StandInSenders {
    private StandInSenders() {}

    /** A stand-in for the recorded sender {@code id}, known by that id from now on. */
    static ActorRef make(long id, ActorSystem system, LiveRefs liveRefs) {
        PromiseActorRef ref = new PromiseActorRef(
                ((ExtendedActorSystem) system).provider(), scala.concurrent.Promise.apply(), "reprise-stand-in", "");
        AddedState.setActor(ref, new AgentActor(id)); // the agent gave every ActorRef a state field
        liveRefs.created(id, ref);
        return ref;
    }
}
