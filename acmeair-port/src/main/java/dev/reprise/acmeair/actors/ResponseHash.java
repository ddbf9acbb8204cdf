package dev.reprise.acmeair.actors;

import akka.actor.ActorRef;
import dev.reprise.acmeair.api.ApiResponse;

/**
 * Where the actors' answers are chained ({@link ResponseHashActor}), with {@code --hash-responses};
 * otherwise nothing. Answers Netty gives without the actors (a request it cannot decode, a timeout)
 * are not part of it, nor are answers to {@code /config/responseHash} itself.
 *
 * @param hasher the chain's actor, or {@code null} when hashing is off
 */
public record ResponseHash(ActorRef hasher) {
    /** @return whether bodies are hashed */
    public boolean enabled() {
        return hasher != null;
    }

    /**
     * Chains the response's body into the hash (nothing when disabled); call from the answering actor's turn.
     *
     * @param response a response about to be sent
     * @return the response
     */
    public ApiResponse sent(ApiResponse response) {
        if (hasher != null) {
            hasher.tell(new ResponseHashActor.Sent(response.body()), ActorRef.noSender());
        }
        return response;
    }
}
