package dev.reprise.tide.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import java.util.HashSet;
import java.util.Set;

/**
 * An actor's {@code whenResolved} registrations, numbered in the order it made them, and which of
 * their callbacks it has run. Both happen in the actor's own turns, so a replay numbers them as
 * the recording did. A callback is traced by its offset from the oldest registration whose
 * callback has not run: zero when callbacks run in the order registered. Confined to the actor's
 * turns (and, in replay, to its mailbox's lock, taken by the worker that holds the actor).
 */
final class Registrations {
    private long next;
    private long oldest;
    // Registrations above the oldest whose callbacks have run.
    private final Set<Long> ranAhead = new HashSet<>();

    /** Numbers a new registration. */
    long register() {
        return next++;
    }

    /** The oldest registration whose callback has not run. */
    long oldest() {
        return oldest;
    }

    /** The callback of registration {@code r} runs: returns its offset from the oldest outstanding one. */
    long ran(long r) {
        if (r == oldest && ranAhead.isEmpty()) { // callbacks in the order registered: compiled inline
            oldest++;
            return 0;
        }
        return ranOutOfOrder(r);
    }

    @TruffleBoundary
    private long ranOutOfOrder(long r) {
        long offset = r - oldest;
        if (offset == 0) {
            oldest++;
            while (!ranAhead.isEmpty() && ranAhead.remove(oldest)) {
                oldest++;
            }
        } else {
            ranAhead.add(r);
        }
        return offset;
    }
}
