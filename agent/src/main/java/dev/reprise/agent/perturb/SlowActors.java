package dev.reprise.agent.perturb;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Slow actors: each actor is slow in this run with probability {@link #SLOW_ONE_IN} in four, and a
 * slow actor waits the same time before each of its turns, drawn log-uniformly from 0.5 to 50 ms
 * for it. Most races are lost when one party is late at whichever turn matters; a wait before every
 * turn of one actor opens that window wherever it is, where a random wait must hit the one turn.
 * The waits of a run stop after {@link #BUDGET_NANOS} in all, which bounds what a long program pays.
 */
final class SlowActors extends TurnDelays {
    static final int SLOW_ONE_IN = 4;
    static final long MIN_WAIT_NANOS = TimeUnit.MICROSECONDS.toNanos(500);
    static final long MAX_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    static final long BUDGET_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final long seed;
    private final AtomicLong waited = new AtomicLong();

    SlowActors(long seed) {
        this.seed = seed;
    }

    @Override
    public void beforeTurn(long actor) {
        pause(waitBeforeTurn(actor));
    }

    /** How long this turn of {@code actor} waits: its wait, while the run's budget lasts. */
    long waitBeforeTurn(long actor) {
        long wait = waitOf(actor);
        return wait > 0 && waited.addAndGet(wait) <= BUDGET_NANOS ? wait : 0;
    }

    /** How long {@code actor} waits before each turn in this run: 0 unless it is slow. */
    long waitOf(long actor) {
        long r = SeededChoices.at(seed ^ (actor * 0x9E3779B97F4A7C15L), 0);
        if (SeededChoices.below(r, SLOW_ONE_IN) != 0) {
            return 0;
        }
        double f = SeededChoices.fraction(SeededChoices.at(r, 1));
        return (long) (MIN_WAIT_NANOS * Math.exp(f * Math.log((double) MAX_WAIT_NANOS / MIN_WAIT_NANOS)));
    }
}
