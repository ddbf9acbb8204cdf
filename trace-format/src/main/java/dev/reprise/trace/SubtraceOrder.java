package dev.reprise.trace;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Puts one actor's subtraces back in counter order. Counters are recorded as 32 bits and wrap;
 * {@link #unwrap} places a recorded counter relative to the one expected next (serial-number
 * arithmetic), exact as long as no subtrace arrives 2^31 subtraces of its actor out of place.
 * Not thread-safe.
 *
 * @param <T> what is kept for a subtrace that arrives early
 */
final class SubtraceOrder<T> {
    private long expected;
    private final Map<Long, T> early = new HashMap<>();

    SubtraceOrder() {
        this(0);
    }

    /** Starts expecting {@code first}; counters start at 0 in a trace, tests start near 2^32. */
    SubtraceOrder(long first) {
        this.expected = first;
    }

    long unwrap(long recorded32) {
        return unwrap(expected, recorded32);
    }

    /** The full counter closest to {@code reference} whose low 32 bits are {@code recorded32}. */
    static long unwrap(long reference, long recorded32) {
        return reference + (int) ((int) recorded32 - (int) reference);
    }

    /**
     * Files the subtrace with (unwrapped) {@code counter}; hands it and every early subtrace it
     * unblocks to {@code inOrder}. Returns false, and files nothing, for a duplicate.
     */
    boolean accept(long counter, T item, Consumer<? super T> inOrder) {
        if (counter < expected || early.containsKey(counter)) {
            return false;
        }
        if (counter != expected) {
            early.put(counter, item);
            return true;
        }
        inOrder.accept(item);
        expected++;
        for (T next; (next = early.remove(expected)) != null; expected++) {
            inOrder.accept(next);
        }
        return true;
    }

    /** The counter of the next subtrace in order (the first missing one, if any are waiting). */
    long expected() {
        return expected;
    }

    /** Subtraces that arrived but wait for a missing earlier one. */
    int waiting() {
        return early.size();
    }
}
