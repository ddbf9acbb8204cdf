package dev.reprise.acmeair.actors;

import akka.actor.AbstractActor;
import akka.actor.Props;
import dev.reprise.acmeair.api.ApiResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A running SHA-256 chain over the response bodies the actors send, in the order this actor hears
 * of them: {@code h = SHA-256(h || body)}, starting from 32 zero bytes. An actor, not a shared
 * object, so that the order in which the service actors' answers enter the chain is a message
 * order, which a recording keeps and its replay repeats: a replayed session, with no HTTP client,
 * ends with the recorded hash. Each step is printed ({@code response <n> <hash>}), since a replay
 * without clients cannot be asked over HTTP.
 */
public final class ResponseHashActor extends AbstractActor {
    /** A response body was sent. */
    record Sent(String body) {}

    /** Asks for {@code <responses> <hex hash>}, answered as a text response (not itself chained). */
    record Read() {}

    private final MessageDigest digest;
    private byte[] hash = new byte[32];
    private long count;

    private ResponseHashActor() {
        try {
            this.digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK always has SHA-256", e);
        }
    }

    /** @return how to create it */
    static Props props() {
        return Props.create(ResponseHashActor.class, ResponseHashActor::new);
    }

    @Override
    public Receive createReceive() {
        return receiveBuilder()
                .match(Sent.class, sent -> {
                    digest.update(hash);
                    hash = digest.digest(sent.body().getBytes(StandardCharsets.UTF_8));
                    count++;
                    System.out.println("response " + snapshot());
                })
                .match(Read.class, read -> getSender().tell(ApiResponse.text(snapshot()), getSelf()))
                .build();
    }

    private String snapshot() {
        return count + " " + HexFormat.of().formatHex(hash);
    }
}
