package dev.reprise.agent.replay;

import akka.dispatch.Envelope;
import dev.reprise.replay.MessageKey;
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
 * before any of its key in the map. In the map, a key with one message (the common case: many
 * senders, each with one message in flight) maps to it directly, a queue is made only for two or
 * more. Not thread-safe: its mailbox locks.
 */
final class ArrivedMessages {
    /** A message and its arrival number (messages put back in front have lower ones). */
    record Held(long order, Envelope envelope) {}

    /** The oldest message held, if it arrived at an empty mailbox and is not in the map. */
    private MessageKey soleKey;

    private Held sole;
    /** What {@link #byKey} is until a message is filed: most actors never hold two at once. */
    private static final Map<MessageKey, Object> NONE_FILED = Map.of();
    /**
     * The other messages, per key: a {@link Held}, or an {@code ArrayDeque<Held>} of two or more.
     * Made at the first one filed: a replay keeps this store for every live actor
     * (UnbalancedCobwebbedTree: 100,000 at a time, at most 1 in 10 ever filing a message).
     */
    private Map<MessageKey, Object> byKey = NONE_FILED;
    /**
     * The queue in {@link #byKey} that was used last, and its key: a burst from one sender (a
     * producer that floods a consumer) is filed and taken without a map lookup per message.
     * Null when that key's entry is not a queue any more.
     */
    private MessageKey lastKey;

    private ArrayDeque<Held> lastQueue;
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
            file(soleKey, sole, true);
            soleKey = null;
            sole = null;
        }
        file(key, h, first);
        count++;
    }

    @SuppressWarnings("unchecked")
    private void file(MessageKey key, Held h, boolean first) {
        ArrayDeque<Held> q;
        if (lastQueue != null && lastKey.equals(key)) {
            q = lastQueue;
        } else {
            if (byKey == NONE_FILED) {
                byKey = new LinkedHashMap<>();
            }
            Object there = byKey.putIfAbsent(key, h);
            if (there == null) {
                return;
            }
            if (there instanceof Held one) {
                q = new ArrayDeque<>(4);
                q.add(one);
                byKey.put(key, q);
            } else {
                q = (ArrayDeque<Held>) there;
            }
            lastKey = key;
            lastQueue = q;
        }
        if (first) {
            q.addFirst(h);
        } else {
            q.addLast(h);
        }
    }

    /** The oldest message filed under {@code there} (a map value). */
    @SuppressWarnings("unchecked")
    private static Held oldestOf(Object there) {
        return there instanceof Held h ? h : ((ArrayDeque<Held>) there).peek();
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
        Object there = lastQueue != null && lastKey.equals(key) ? lastQueue : byKey.get(key);
        if (there == null) {
            return null;
        }
        Held h;
        if (there instanceof Held one) {
            h = one;
            byKey.remove(key); // an actor may hear from millions of senders over a run, each only a few times
        } else {
            @SuppressWarnings("unchecked")
            ArrayDeque<Held> q = (ArrayDeque<Held>) there;
            h = q.poll();
            if (q.isEmpty()) {
                byKey.remove(key);
                if (q == lastQueue) {
                    lastKey = null;
                    lastQueue = null;
                }
            }
        }
        count--;
        return h.envelope();
    }

    /** The message that arrived first (messages put back in front count as first), taken out, or null. */
    Envelope pollOldest() {
        if (sole != null) {
            return poll(soleKey);
        }
        MessageKey oldest = null;
        long oldestOrder = Long.MAX_VALUE;
        for (Map.Entry<MessageKey, Object> e : byKey.entrySet()) {
            long order = oldestOf(e.getValue()).order();
            if (oldest == null || order < oldestOrder) {
                oldest = e.getKey();
                oldestOrder = order;
            }
        }
        return oldest == null ? null : poll(oldest);
    }

    /** How many messages of {@code key} are held. */
    int count(MessageKey key) {
        Object there = byKey.isEmpty() ? null : byKey.get(key);
        int filed = there == null ? 0 : there instanceof Held ? 1 : ((ArrayDeque<?>) there).size();
        return filed + (sole != null && soleKey.equals(key) ? 1 : 0);
    }

    /** How many messages are held. */
    int count() {
        return count;
    }

    /** Every held message with its key, grouped by key (the oldest message's key first), oldest first within a key. */
    void forEach(BiConsumer<MessageKey, Held> action) {
        if (sole != null) {
            action.accept(soleKey, sole);
            forEachOf(soleKey, byKey.get(soleKey), action);
        }
        byKey.forEach((key, there) -> {
            if (sole == null || !key.equals(soleKey)) {
                forEachOf(key, there, action);
            }
        });
    }

    @SuppressWarnings("unchecked")
    private static void forEachOf(MessageKey key, Object there, BiConsumer<MessageKey, Held> action) {
        if (there instanceof Held h) {
            action.accept(key, h);
        } else if (there != null) {
            ((ArrayDeque<Held>) there).forEach(h -> action.accept(key, h));
        }
    }
}
