package dev.reprise.trace;

import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Counts events by kind: the one definition of "messages", "system calls", "system messages" and "creations" behind
 * {@code reprise stats}, {@code verify} and the replay summary, so their numbers can be compared.
 * Thread-safe: a replay's actors count what they consume concurrently.
 */
public final class EventTally {
    private final LongAdder messages = new LongAdder();
    private final LongAdder promiseMessages = new LongAdder();
    private final LongAdder externalMessages = new LongAdder();
    private final LongAdder systemCalls = new LongAdder();
    private final LongAdder systemMessageTurns = new LongAdder();
    private final LongAdder[] created = new LongAdder[CreationKind.values().length];
    /** Plain messages counted elsewhere, which the totals add in. */
    private final LongSupplier otherMessages;

    public EventTally() {
        this(() -> 0);
    }

    /**
     * A tally whose plain messages ({@link TraceEvent.Message}) are also counted by {@code
     * otherMessages}: a replay counts most of them per thread, where a shared counter's atomic
     * update per message cost its turns a full fence each.
     */
    public EventTally(LongSupplier otherMessages) {
        this.otherMessages = otherMessages;
        for (int i = 0; i < created.length; i++) {
            created[i] = new LongAdder();
        }
    }

    /** Counts {@code e}. */
    public void add(TraceEvent e) {
        if (e instanceof TraceEvent.Message) { // most events, counted once per replayed message: no type switch
            messages.increment();
            return;
        }
        switch (e) {
            case TraceEvent.Message m -> messages.increment();
            case TraceEvent.PromiseMessage m -> {
                messages.increment();
                promiseMessages.increment();
            }
            case TraceEvent.ExternalMessage m -> {
                messages.increment();
                externalMessages.increment();
            }
            case TraceEvent.ExternalPromiseMessage m -> {
                messages.increment();
                promiseMessages.increment();
                externalMessages.increment();
            }
            case TraceEvent.SystemCall sc -> systemCalls.increment();
            case TraceEvent.Creation c -> created[c.kind().ordinal()].increment();
            case TraceEvent.SystemMessageTurn t -> systemMessageTurns.increment();
            case TraceEvent.Gap g -> {}
            case TraceEvent.TurnSends t -> {} // part of the message turn it ends
        }
    }

    /** Processed messages of every kind. */
    public long messages() {
        return messages.sum() + otherMessages.getAsLong();
    }

    public long promiseMessages() {
        return promiseMessages.sum();
    }

    public long externalMessages() {
        return externalMessages.sum();
    }

    public long systemCalls() {
        return systemCalls.sum();
    }

    /** System messages handled among ordinary messages (supervision, restarts, stops, death watch). */
    public long systemMessageTurns() {
        return systemMessageTurns.sum();
    }

    /** Creations of {@code kind}. */
    public long created(CreationKind kind) {
        return created[kind.ordinal()].sum();
    }

    /** Creations of every kind. */
    public long creations() {
        long n = 0;
        for (LongAdder c : created) {
            n += c.sum();
        }
        return n;
    }
}
