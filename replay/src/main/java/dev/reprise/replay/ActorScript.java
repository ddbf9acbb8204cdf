package dev.reprise.replay;

import dev.reprise.trace.ActorEventSource;
import dev.reprise.trace.Fingerprint;
import dev.reprise.trace.Subtrace;
import dev.reprise.trace.TraceEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One actor's recorded events, consumed in order as the replayed actor does what it did: each
 * processed message, creation and system call takes the next event. Read lazily from the trace.
 * Thread-safe: the actor's own thread consumes, senders' threads peek.
 *
 * <p>Every change is made under the script's monitor. {@link #peek()} and {@link #takenFingerprint()}
 * read without it when they can: the head, once read from the trace, is published by a volatile
 * write and is immutable. A take reads the next event while it holds the monitor, so a replayed
 * message takes the monitor once (its take) rather than five times.
 */
public final class ActorScript {
    private static final int HISTORY = 8;

    private final long actor;
    private final ActorEventSource events;
    /** The next event, once read; null before that and after a take. Written under the monitor. */
    private volatile TraceEvent head;

    private byte headFingerprint;
    /** The fingerprint of the event {@link #take()} returned last. Written under the monitor. */
    private volatile byte takenFingerprint;

    private boolean ended;
    private long consumed;
    /** The last {@link #HISTORY} events taken: event {@code n} (from 0) at {@code n % HISTORY}. */
    private final TraceEvent[] history = new TraceEvent[HISTORY];
    /** Reading the event after the one taken last failed: the next peek throws this, as if it had read it. */
    private RuntimeException readFailure;
    /** The last message taken, and its number among the actor's events (from 1). */
    private TraceEvent lastMessage;

    private long lastMessageNumber;
    /**
     * The actor's replay mailbox while it lives ({@link ActorScripts#attach}), for the watchdog and
     * the reports: a field here, not an entry in a set of its own, as a replay may make millions.
     */
    private volatile ReplayMailbox mailbox;

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
    public TraceEvent peek() {
        TraceEvent h = head;
        return h != null ? h : read();
    }

    private synchronized TraceEvent read() {
        return peekLocked();
    }

    /** {@link #peek()} for a caller that holds the monitor. */
    private TraceEvent peekLocked() {
        if (head == null && !ended) {
            if (readFailure != null) {
                throw readFailure;
            }
            TraceEvent next;
            try {
                next = events.next();
                headFingerprint = events.fingerprint();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            ended = next == null;
            head = next; // publishes it to peek()'s readers
        }
        return head;
    }

    /** Consumes the next event and returns it (null at the end). */
    public synchronized TraceEvent take() {
        TraceEvent e = peekLocked();
        if (e != null) {
            head = null;
            takenFingerprint = headFingerprint;
            consumed++;
            if (e.isMessage()) {
                lastMessage = e;
                lastMessageNumber = consumed;
            }
            history[(int) ((consumed - 1) % HISTORY)] = e;
            readAhead();
        }
        return e;
    }

    /**
     * Reads the event after the one just taken, under the monitor the take holds: the next peek
     * finds it without taking the monitor again. A failure to read it is the next peek's to throw.
     */
    private void readAhead() {
        try {
            peekLocked();
        } catch (RuntimeException e) { // a damaged trace: the take itself succeeded
            readFailure = e;
        }
    }

    /** The recorded {@link Fingerprint} of the event {@link #take()} returned last. */
    public byte takenFingerprint() {
        return takenFingerprint;
    }

    /** True when every recorded event of the actor has been consumed. */
    public boolean finished() {
        return peek() == null;
    }

    /** -1 when the actor's events were complete, else the subtrace that is missing (a gap or damage). */
    public synchronized long missingSubtrace() {
        peekLocked();
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
        List<TraceEvent> oldestFirst = new ArrayList<>(HISTORY);
        for (long n = Math.max(0, consumed - HISTORY); n < consumed; n++) {
            oldestFirst.add(history[(int) (n % HISTORY)]);
        }
        return List.copyOf(oldestFirst);
    }

    /** The subtrace of the next event (of the last, past the end), or null before the actor's first event is read. */
    synchronized Subtrace nextEventSubtrace() {
        try {
            peekLocked();
        } catch (RuntimeException e) { // a damaged trace: the subtrace read last is where the actor is
        }
        return events.currentSubtrace();
    }

    /** The actor's replay mailbox, or null if it has none (not made yet, or cleaned up). */
    ReplayMailbox mailbox() {
        return mailbox;
    }

    /** {@code m} is the actor's replay mailbox; false if another one is already (two that share an id). */
    synchronized boolean attach(ReplayMailbox m) {
        if (mailbox != null) {
            return false;
        }
        mailbox = m;
        return true;
    }

    /** {@code m} was cleaned up; false if it was not this script's mailbox. */
    synchronized boolean detach(ReplayMailbox m) {
        if (mailbox != m) {
            return false;
        }
        mailbox = null;
        return true;
    }

    /** Where in the trace the next event is. */
    public synchronized String position() {
        Subtrace at = events.currentSubtrace(); // made only now: a report asks, replay does not
        return at == null ? "start of the trace" : "subtrace " + at.counter() + ", " + at.origin();
    }
}
