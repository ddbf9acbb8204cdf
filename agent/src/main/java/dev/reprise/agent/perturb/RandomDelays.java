package dev.reprise.agent.perturb;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Random noise: before one turn in four a yield, before one in eight a wait of up to 4 ms, before one
 * in 64 a wait of up to 20 ms (the heavy tail opens the wider windows); each timer, one time in
 * two, fires up to 20 ms (and at most half its delay) later than asked. About 0.4 ms per turn on
 * average, and blind to the program: it finds races whose window a wait opens.
 */
final class RandomDelays extends TurnDelays {
    static final long MAX_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(4);
    static final long MAX_LONG_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private final long seed;
    /** Turns and timers so far: the index of each one's choice. */
    private final AtomicLong choices = new AtomicLong();

    RandomDelays(long seed) {
        this.seed = seed;
    }

    @Override
    public void beforeTurn(long actor) {
        long r = SeededChoices.at(seed, choices.getAndIncrement());
        int roll = (int) (r & 63);
        if (roll < 8) {
            pause(SeededChoices.below(r >>> 8, MAX_WAIT_NANOS));
        } else if (roll == 8) {
            pause(SeededChoices.below(r >>> 8, MAX_LONG_WAIT_NANOS));
        } else if (roll < 25) {
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
