package dev.reprise.agent.perturb;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Random noise: before one turn in four a yield, before one in eight a wait of up to 2 ms; each
 * timer, one time in two, fires up to 20 ms (and at most half its delay) later than asked. Cheap on
 * average (an eighth of a millisecond per turn) and blind to the program: it finds races whose
 * window a short wait opens.
 */
final class RandomDelays extends TurnDelays {
    static final long MAX_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    private final long seed;
    /** Turns and timers so far: the index of each one's choice. */
    private final AtomicLong choices = new AtomicLong();

    RandomDelays(long seed) {
        this.seed = seed;
    }

    @Override
    public void beforeTurn(long actor) {
        long r = SeededChoices.at(seed, choices.getAndIncrement());
        int roll = (int) (r & 7);
        if (roll == 0) {
            pause(SeededChoices.below(r >>> 8, MAX_WAIT_NANOS));
        } else if (roll <= 2) {
            Thread.yield();
        }
    }

    @Override
    public long timerDelayNanos(long nanos) {
        long r = SeededChoices.at(seed, choices.getAndIncrement());
        if ((r & 1) == 0) {
            return nanos;
        }
        long most = Math.min(MAX_TIMER_JITTER_NANOS, Math.max(nanos / 2, 1));
        return nanos + SeededChoices.below(r >>> 8, most);
    }
}
