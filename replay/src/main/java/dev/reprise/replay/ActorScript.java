package dev.reprise.replay;

import dev.reprise.trace.ActorEventSource;
import dev.reprise.trace.Fingerprint;
import dev.reprise.trace.Subtrace;
import dev.reprise.trace.TraceEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.List;

/**
 * One actor's recorded events, consumed in order as the replayed actor does what it did: each
 * processed message, creation and system call takes the next event. Read lazily from the trace.
 * Thread-safe: the actor's own thread consumes, senders' threads peek.
 */
public final class ActorScript {
    private static final int HISTORY = 8;

    private final long actor;
    private final ActorEventSource events;
    private TraceEvent head;
    private byte headFingerprint;
    /** The fingerprint of the event {@link #take()} returned last. */
    private byte takenFingerprint;
    private boolean ended;
    private long consumed;
    /** The subtrace the next event comes from (described only when a report asks for it). */
    private Subtrace at;
    private final ArrayDeque<TraceEvent> history = new ArrayDeque<>();
    /** The last message taken, and its number among the actor's events (from 1). */
    private TraceEvent lastMessage;
    private long lastMessageNumber;

    ActorScript(long actor, ActorEventSource events) {
        this.actor = actor;
        this.events = events;
    }

    /** The script of {@code actor} read from {@code events} (for a replay outside Akka, such as Tide's). */
    public static ActorScript of(long actor, ActorEventSource events) {
        return new ActorScript(actor, events);
    }

    /** The script of an actor that stopped after consuming all its events (its own was dropped). */
    static ActorScript retired(long actor) {
        return new ActorScript(actor, NO_EVENTS);
    }

    private static final ActorEventSource NO_EVENTS = new ActorEventSource() {
        @Override
        public TraceEvent next() {
            return null;
        }

        @Override
        public byte fingerprint() {
            return Fingerprint.NONE;
        }

        @Override
        public Subtrace currentSubtrace() {
            return null;
        }

        @Override
        public long missingSubtrace() {
            return -1;
        }
    };

    public long actor() {
        return actor;
    }

    /** The next expected event, or null when the actor's recorded events are used up. */
    public synchronized TraceEvent peek() {
        if (head == null && !ended) {
            try {
                head = events.next();
                headFingerprint = events.fingerprint();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (head == null) {
                ended = true;
            } else if (events.currentSubtrace() != null) {
                at = events.currentSubtrace();
            }
        }
        return head;
    }

    /** Consumes the next event and returns it (null at the end). */
    public synchronized TraceEvent take() {
        TraceEvent e = peek();
        if (e != null) {
            head = null;
            takenFingerprint = headFingerprint;
            consumed++;
            if (e.isMessage()) {
                lastMessage = e;
                lastMessageNumber = consumed;
            }
            history.addLast(e);
            if (history.size() > HISTORY) {
                history.removeFirst();
            }
        }
        return e;
    }

    /** The recorded {@link Fingerprint} of the event {@link #take()} returned last. */
    public synchronized byte takenFingerprint() {
        return takenFingerprint;
    }

    /** True when every recorded event of the actor has been consumed. */
    public synchronized boolean finished() {
        return peek() == null;
    }

    /** -1 when the actor's events were complete, else the subtrace that is missing (a gap or damage). */
    public synchronized long missingSubtrace() {
        peek();
        return ended ? events.missingSubtrace() : -1;
    }

    public synchronized long consumed() {
        return consumed;
    }

    /** The last message consumed (the one whose turn runs or ran last), or null. */
    public synchronized TraceEvent lastMessage() {
        return lastMessage;
    }

    /** The number of {@link #lastMessage()} among the actor's events, from 1. */
    public synchronized long lastMessageNumber() {
        return lastMessageNumber;
    }

    /** The last events consumed, oldest first. */
    public synchronized List<TraceEvent> history() {
        return List.copyOf(history);
    }

    /** Where in the trace the next event is. */
    public synchronized String position() {
        return at == null ? "start of the trace" : "subtrace " + at.counter() + ", " + at.origin();
    }
}
