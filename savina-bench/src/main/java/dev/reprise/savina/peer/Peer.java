package dev.reprise.savina.peer;

import akka.actor.AbstractActor;

/** A recorder that sees every message a benchmark actor processes, in that actor's turn. */
interface Peer {
    /** Records that {@code actor} is about to process {@code message}. */
    void received(AbstractActor actor, Object message);

    /**
     * Stops recording and writes everything out; called once, after the actor system terminated.
     *
     * @return {@code peer NAME messages M bytes B unserializable U}: what was recorded, the size of
     *     the file written, and how many messages could not be recorded
     */
    String stop() throws Exception;
}
