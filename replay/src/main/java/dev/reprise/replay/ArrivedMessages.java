package dev.reprise.replay;

import akka.dispatch.Envelope;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The messages that arrived at a replay mailbox and wait for their turn: a FIFO queue per
 * {@link MessageKey}. A message that arrives at an empty mailbox waits in a field of its own,
 * outside the map: in the common exchange of one message at a time (ping-pong, request and
 * reply) no map entry or queue is made per message. That message is the oldest one held (a
 * message put back in front, {@link #add} with {@code first}, moves it into the map), so it comes
 * before any of its key in the map. Not thread-safe: its mailbox locks.
 */
final class ArrivedMessages {
    /** A message and its arrival number (messages put back in front have lower ones). */
    record Held(long order, Envelope envelope) {}

    /** The oldest message held, if it arrived at an empty mailbox and is not in the map. */
    private MessageKey soleKey;
    private Held sole;
    /** The other messages; only non-empty queues stay. */
    private final Map<MessageKey, ArrayDeque<Held>> byKey = new LinkedHashMap<>();
    private int count;

    /** Files {@code h} under {@code key}: at the end of its key's queue, or with {@code first} at its front. */
    void add(MessageKey key, Held h, boolean first) {
        if (count == 0 && !first) {
            soleKey = key;
            sole = h;
            count++;
            return;
        }
        if (first && sole != null) {
            // Put back in front: no longer is the sole message the oldest; it goes first among its key.
            byKey.computeIfAbsent(soleKey, k -> new ArrayDeque<>(4)).addFirst(sole);
            soleKey = null;
            sole = null;
        }
        ArrayDeque<Held> q = byKey.computeIfAbsent(key, k -> new ArrayDeque<>(4));
        if (first) {
            q.addFirst(h);
        } else {
            q.addLast(h);
        }
        count++;
    }

    /** The oldest message of {@code key}, taken out, or null. */
    Envelope poll(MessageKey key) {
        if (sole != null && soleKey.equals(key)) {
            Envelope e = sole.envelope();
            soleKey = null;
            sole = null;
            count--;
            return e;
        }
        if (byKey.isEmpty()) {
            return null;
        }
        ArrayDeque<Held> q = byKey.get(key);
        Held h = q == null ? null : q.poll();
        if (h == null) {
            return null;
        }
        if (q.isEmpty()) {
            byKey.remove(key); // an actor may hear from millions of senders over a run, each only a few times
        }
        count--;
        return h.envelope();
    }

    /** The message that arrived first (messages put back in front count as first), taken out, or null. */
    Envelope pollOldest() {
        if (sole != null) {
            return poll(soleKey);
        }
        Map.Entry<MessageKey, ArrayDeque<Held>> oldest = null;
        for (Map.Entry<MessageKey, ArrayDeque<Held>> e : byKey.entrySet()) {
            if (oldest == null || e.getValue().peek().order() < oldest.getValue().peek().order()) {
                oldest = e;
            }
        }
        return oldest == null ? null : poll(oldest.getKey());
    }

    /** How many messages of {@code key} are held. */
    int count(MessageKey key) {
        ArrayDeque<Held> q = byKey.isEmpty() ? null : byKey.get(key);
        return (q == null ? 0 : q.size()) + (sole != null && soleKey.equals(key) ? 1 : 0);
    }

    /** How many messages are held. */
    int count() {
        return count;
    }

    /** Every held message with its key, grouped by key (the oldest message's key first), oldest first within a key. */
    void forEach(BiConsumer<MessageKey, Held> action) {
        if (sole != null) {
            action.accept(soleKey, sole);
            ArrayDeque<Held> same = byKey.get(soleKey);
            if (same != null) {
                same.forEach(h -> action.accept(soleKey, h));
            }
        }
        byKey.forEach((key, q) -> {
            if (sole == null || !key.equals(soleKey)) {
                q.forEach(h -> action.accept(key, h));
            }
        });
    }
}
