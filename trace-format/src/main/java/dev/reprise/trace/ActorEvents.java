package dev.reprise.trace;

import java.io.IOException;
import java.util.ArrayDeque;

/**
 * One actor's events in recorded order, read lazily: asking for the next event reads the trace
 * only as far as needed to find that actor's next subtrace. Safe to use from whichever thread
 * runs the actor, while other actors' streams are used on other threads.
 */
public final class ActorEvents implements ActorEventSource {
    private final long actor;
    private final TraceReader reader;
    // Guarded by reader: filled as the reader meets this actor's subtraces.
    private final ArrayDeque<Subtrace> ready = new ArrayDeque<>();
    private final SubtraceOrder<Subtrace> order = new SubtraceOrder<>();
    // Owned by the consuming thread.
    private SubtraceCursor current = SubtraceCursor.EMPTY;
    private Subtrace currentSubtrace;

    ActorEvents(long actor, TraceReader reader) {
        this.actor = actor;
        this.reader = reader;
    }

    public long actor() {
        return actor;
    }

    /** The next event, or null when the actor's recorded events are exhausted (see {@link #missingSubtrace()}). */
    @Override
    public TraceEvent next() throws IOException {
        while (!current.hasNext()) {
            Subtrace s = nextSubtrace();
            if (s == null) {
                return null;
            }
            current = new SubtraceCursor(s);
        }
        return current.next();
    }

    @Override
    public byte fingerprint() {
        return current.fingerprint();
    }

    /** The subtrace the last event came from (null before the first). */
    @Override
    public Subtrace currentSubtrace() {
        return currentSubtrace;
    }

    /** The next whole subtrace, or null at the end. */
    public Subtrace nextSubtrace() throws IOException {
        Subtrace s = reader.nextSubtraceOf(this);
        if (s != null) { // at the end, the last subtrace stays the current one
            currentSubtrace = s;
        }
        return s;
    }

    /**
     * After the end: -1 when the actor's subtraces were complete, else the counter of the first
     * missing subtrace (later ones exist but cannot be used without it).
     */
    @Override
    public long missingSubtrace() {
        synchronized (reader) {
            return order.waiting() == 0 ? -1 : order.expected();
        }
    }

    // --- called by TraceReader while holding its lock ---

    /** Files a subtrace; returns false if it duplicates one already seen. */
    boolean accept(Subtrace s) {
        long counter = order.unwrap(s.counter());
        Subtrace unwrapped = s.withCounter(counter);
        return order.accept(counter, unwrapped, ready::add);
    }

    Subtrace pollReady() {
        return ready.poll();
    }
}
