package dev.reprise.runtime;

/**
 * Which external source is delivering input on the current thread, and of what kind, while an
 * {@link dev.reprise.api.ExternalSource#deliver} runs. The agent reads it when it records a
 * message sent from outside the actor system; without a declared source such a message is
 * attributed to the thread's default source.
 */
public final class ExternalInput {
    /** The source and event type of a delivery in progress. */
    public record Delivery(long source, int eventType) {}

    private static final ThreadLocal<Delivery> CURRENT = new ThreadLocal<>();

    private ExternalInput() {}

    /** The delivery running on this thread, or null. */
    public static Delivery current() {
        return CURRENT.get();
    }

    /** Runs {@code delivery} as input from {@code source} of kind {@code eventType}. */
    public static void run(long source, int eventType, Runnable delivery) {
        Delivery previous = CURRENT.get();
        CURRENT.set(new Delivery(source, eventType));
        try {
            delivery.run();
        } finally {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        }
    }
}
