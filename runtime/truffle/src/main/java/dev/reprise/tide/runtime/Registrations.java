package dev.reprise.tide.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

/**
 * An actor's {@code whenResolved} registrations, numbered in the order it made them, and which of
 * their callbacks it has not run yet. Both change only in the actor's own turns, so a replay
 * sees the same state as the recording did before each callback. A callback's registration is
 * predicted from that state and the callback's resolver: the oldest outstanding registration on
 * a promise expected from that resolver (a send's promise from its target) or from anyone (a
 * {@code promisePair}). The trace records only a wrong prediction's offset. Confined to the
 * actor's turns (in replay also to its mailbox, which the worker holding the actor polls).
 */
final class Registrations {
    /** The expected resolver of a promise anyone may resolve. */
    static final long ANYONE = -1;
    /** An untraced run's: it keeps nothing, for nobody asks which callback runs (every registration is number 0). */
    static final Registrations UNTRACED = new Registrations(false);

    private final boolean traced;
    private long next;
    // Per expected resolver, its outstanding registrations in increasing order.
    private final OutstandingRegistrations outstanding = new OutstandingRegistrations();

    /** A traced run's actor's registrations. */
    Registrations() {
        this(true);
    }

    private Registrations(boolean traced) {
        this.traced = traced;
    }

    /** Numbers a new registration on a promise that {@code expectedResolver} is expected to resolve. */
    @TruffleBoundary
    long register(long expectedResolver) {
        if (!traced) {
            return 0;
        }
        outstanding.add(expectedResolver, next);
        return next++;
    }

    /** The registration whose callback is predicted to run next when {@code resolver} resolved its promise; -1 if none is outstanding. */
    @TruffleBoundary
    long predict(long resolver) {
        long fromResolver = outstanding.oldest(resolver);
        long fromAnyone = outstanding.oldest(ANYONE);
        return fromResolver < 0 ? fromAnyone : fromAnyone < 0 ? fromResolver : Math.min(fromResolver, fromAnyone);
    }

    /**
     * The callback of registration {@code r}, on a promise expected from {@code expectedResolver},
     * runs. A resolver with nothing outstanding is forgotten: a program that makes new actors to
     * answer (a promise race's racers, every round) would otherwise grow the table without bound,
     * and each prediction's lookup with it.
     */
    @TruffleBoundary
    void ran(long r, long expectedResolver) {
        outstanding.remove(expectedResolver, r);
    }

    /** How many resolvers have registrations outstanding (for tests). */
    int resolversOutstanding() {
        return outstanding.resolvers();
    }
}
