package dev.reprise.replay;

import dev.reprise.trace.SystemMessageKind;
import dev.reprise.trace.TraceEvent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The system messages an actor's replay holds until its recorded events reach them, kept in
 * arrival order and found by what they are (kind and related actor) in constant time: an actor
 * that watches thousands of children holds thousands of their death notifications, and every
 * turn's end looks for the one its next event names (a scan of them all made that quadratic).
 * Not thread-safe: the mailbox's lock guards it.
 */
public final class HeldSystemMessages {
    /** A held system message of {@code kind} about {@code related} (the failed child, the dead actor; 0: none). */
    public record Held(SystemMessageKind kind, long related, Object message) {
        /** Whether {@code head}, an actor's next recorded event, is this message's turn. */
        public boolean matches(TraceEvent head) {
            return head instanceof TraceEvent.SystemMessageTurn t && t.kind() == kind && t.related() == related;
        }
    }

    private record What(SystemMessageKind kind, long related) {}

    /** By arrival number. */
    private final LinkedHashMap<Long, Held> inArrivalOrder = new LinkedHashMap<>();
    /** Arrival numbers of the held messages of each kind and related actor, oldest first. */
    private final Map<What, ArrayDeque<Long>> byWhat = new HashMap<>();

    private long arrivals;

    public void add(Held h) {
        long n = arrivals++;
        inArrivalOrder.put(n, h);
        byWhat.computeIfAbsent(new What(h.kind(), h.related()), w -> new ArrayDeque<>(1))
                .addLast(n);
    }

    /** The oldest held message whose turn {@code head} is, taken off hold; null when none is. */
    public Object takeMatching(TraceEvent head) {
        if (!(head instanceof TraceEvent.SystemMessageTurn t)) {
            return null;
        }
        What what = new What(t.kind(), t.related());
        ArrayDeque<Long> numbers = byWhat.get(what);
        if (numbers == null) {
            return null;
        }
        long n = numbers.removeFirst();
        if (numbers.isEmpty()) {
            byWhat.remove(what);
        }
        return inArrivalOrder.remove(n).message();
    }

    /** Every held message, in arrival order, taken off hold. */
    public List<Object> takeAll() {
        List<Object> all = new ArrayList<>(inArrivalOrder.size());
        inArrivalOrder.values().forEach(h -> all.add(h.message()));
        inArrivalOrder.clear();
        byWhat.clear();
        return all;
    }

    public boolean isEmpty() {
        return inArrivalOrder.isEmpty();
    }

    /** The held messages in arrival order (a view, for reports). */
    public Collection<Held> all() {
        return inArrivalOrder.values();
    }
}
