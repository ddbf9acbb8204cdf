package dev.reprise.agent.perturb;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * PCT-style priorities (after Burckhardt et al., "A randomized scheduler with probabilistic
 * guarantees of finding bugs"), for actors on a real dispatcher: each actor gets a random priority,
 * and before each turn waits the longer the lower it is (up to 1 ms), so where two actors race the
 * higher one tends to win, the same way throughout the run. At {@link #CHANGE_POINTS} random turns
 * among the first {@link #CHANGE_WINDOW}, the turn's actor drops to the lowest priority. Only the
 * first {@link #TURN_BUDGET} turns wait, which bounds what the perturbation costs a long program.
 */
final class PriorityDelays extends TurnDelays {
    static final long MAX_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    static final int CHANGE_POINTS = 2;
    static final long CHANGE_WINDOW = 64;
    static final long TURN_BUDGET = 4096;

    private final long seed;
    private final long[] changePoints = new long[CHANGE_POINTS];
    private final AtomicLong turns = new AtomicLong();
    /** Actors dropped to the lowest priority at a change point. */
    private final Map<Long, Boolean> lowered = new ConcurrentHashMap<>();

    PriorityDelays(long seed) {
        this.seed = seed;
        for (int i = 0; i < CHANGE_POINTS; i++) {
            changePoints[i] = SeededChoices.below(SeededChoices.at(seed, -2 - i), CHANGE_WINDOW);
        }
    }

    @Override
    public void beforeTurn(long actor) {
        long turn = turns.getAndIncrement();
        if (turn >= TURN_BUDGET) {
            return;
        }
        for (long point : changePoints) {
            if (turn == point) {
                lowered.put(actor, Boolean.TRUE);
            }
        }
        double priority = lowered.containsKey(actor) ? 0 : SeededChoices.fraction(SeededChoices.at(seed ^ actor, 0));
        pause((long) ((1 - priority) * MAX_WAIT_NANOS));
    }
}
