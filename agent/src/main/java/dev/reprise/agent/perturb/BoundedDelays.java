package dev.reprise.agent.perturb;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Delay bounding (after Emmi, Qadeer and Rakamarić, "Delay-bounded scheduling"): a run gets only
 * {@link #DELAYS} delays, each a wait of 2 to 6 ms before one turn. Which turns is drawn
 * log-uniformly among the first {@link #HORIZON}, so a short program's early turns are as likely to
 * be chosen as a long one's later ones. Most bugs need only one or two turns late to show.
 */
final class BoundedDelays extends TurnDelays {
    static final int DELAYS = 2;
    static final long HORIZON = 4096;
    static final long MIN_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(2);
    static final long MAX_EXTRA_NANOS = TimeUnit.MILLISECONDS.toNanos(4);

    private final long[] delayedTurns = new long[DELAYS];
    private final long[] waits = new long[DELAYS];
    private final AtomicLong turns = new AtomicLong();

    BoundedDelays(long seed) {
        for (int i = 0; i < DELAYS; i++) {
            long r = SeededChoices.at(seed, i);
            delayedTurns[i] = (long) Math.exp(SeededChoices.fraction(r) * Math.log(HORIZON)) - 1;
            waits[i] = MIN_WAIT_NANOS + SeededChoices.below(SeededChoices.at(seed, DELAYS + i), MAX_EXTRA_NANOS);
        }
    }

    @Override
    public void beforeTurn(long actor) {
        long turn = turns.getAndIncrement();
        if (turn >= HORIZON) {
            return;
        }
        for (int i = 0; i < DELAYS; i++) {
            if (turn == delayedTurns[i]) {
                pause(waits[i]);
            }
        }
    }
}
