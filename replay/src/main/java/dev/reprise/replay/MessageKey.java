package dev.reprise.replay;

import dev.reprise.trace.TraceEvent;

/**
 * What identifies a message for replay: its kind and its true sender (and the resolver of a
 * promise message). Messages with the same key arrive in the order they were sent (Akka's
 * per-sender ordering), so a queue per key finds the expected message in O(1).
 */
public record MessageKey(int kind, long sender, long resolver) {
    public static final int PLAIN = 0;
    public static final int PROMISE = 1;
    public static final int EXTERNAL = 2;

    /** The key of the message that a recorded event expects, or null if the event is not a message. */
    public static MessageKey of(TraceEvent e) {
        // instanceof tests, most frequent first: a pattern switch over the event types is a
        // bootstrap-made type switch, which cost replay several percent per message here.
        if (e instanceof TraceEvent.Message m) {
            return new MessageKey(PLAIN, m.sender(), 0);
        }
        if (e instanceof TraceEvent.PromiseMessage m) {
            return new MessageKey(PROMISE, m.sender(), m.resolver());
        }
        if (e instanceof TraceEvent.ExternalMessage m) {
            return new MessageKey(EXTERNAL, m.sender(), 0);
        }
        if (e instanceof TraceEvent.ExternalPromiseMessage m) {
            return new MessageKey(EXTERNAL, m.sender(), 0);
        }
        return null;
    }

    // Written out: the record's generated equals and hashCode box the longs on this hot path.
    @Override
    public boolean equals(Object o) {
        return o instanceof MessageKey k && k.sender == sender && k.kind == kind && k.resolver == resolver;
    }

    @Override
    public int hashCode() {
        long h = (sender * 0x9E3779B97F4A7C15L) ^ (resolver * 0xC2B2AE3D27D4EB4FL) ^ kind;
        return (int) (h ^ (h >>> 32));
    }

    @Override
    public String toString() {
        return switch (kind) {
            case PLAIN -> "message from " + sender;
            case PROMISE -> "promise message from " + sender + " resolved by " + resolver;
            default -> "input from outside source " + sender;
        };
    }
}
