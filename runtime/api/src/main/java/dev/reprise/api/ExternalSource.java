package dev.reprise.api;

import dev.reprise.api.spi.Backends;

/**
 * A named source of input from outside the actor system, such as an HTTP server or a message
 * consumer. Messages that it delivers to actors inside {@link #deliver} are recorded as this
 * source's external messages, with the event type given, and their content in the trace. In
 * replay, {@code deliver} does not run the delivery: the recorded input is injected at its
 * recorded place instead, so live input cannot disturb the replay.
 *
 * <pre>{@code
 * static final ExternalSource HTTP = Reprise.externalSource("http");
 * ...
 * HTTP.deliver(REQUEST, () -> router.tell(new Request(body), ActorRef.noSender()));
 * }</pre>
 *
 * Without the agent, {@code deliver} just runs the delivery.
 */
public final class ExternalSource {
    private final String name;
    private final long id;

    ExternalSource(String name, long id) {
        this.name = name;
        this.id = id;
    }

    /** The name it was declared with. */
    public String name() {
        return name;
    }

    /** Its pseudo-actor id in the trace (0 without the agent). */
    public long id() {
        return id;
    }

    /**
     * Runs {@code delivery}, which sends input to actors, as input of kind {@code eventType}
     * (a small number that the application chooses, shown by {@code reprise inspect}).
     */
    public void deliver(int eventType, Runnable delivery) {
        Backends.current().deliver(this, eventType, delivery);
    }

    @Override
    public String toString() {
        return "ExternalSource[" + name + ", id " + id + "]";
    }
}
