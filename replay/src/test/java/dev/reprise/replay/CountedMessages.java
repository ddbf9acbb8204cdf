package dev.reprise.replay;

import dev.reprise.trace.ActorEventSource;
import dev.reprise.trace.Subtrace;
import dev.reprise.trace.TraceEvent;
import java.io.IOException;

/**
 * An actor's recorded events for script tests: messages from senders 1 to {@code count}, each
 * with fingerprint 10 times its sender; it counts its reads (a script reads under its monitor),
 * and reading the event after the {@code failAfter}th fails as a damaged chunk would.
 */
final class CountedMessages implements ActorEventSource {
    private final int count;
    private final int failAfter;
    int read;

    CountedMessages(int count) {
        this(count, -1);
    }

    CountedMessages(int count, int failAfter) {
        this.count = count;
        this.failAfter = failAfter;
    }

    @Override
    public TraceEvent next() throws IOException {
        if (read == failAfter) {
            throw new IOException("chunk " + (failAfter + 1) + " is damaged");
        }
        return read < count ? new TraceEvent.Message(++read) : null;
    }

    @Override
    public byte fingerprint() {
        return (byte) (read * 10);
    }

    @Override
    public Subtrace currentSubtrace() {
        return null;
    }

    @Override
    public long missingSubtrace() {
        return -1;
    }
}
