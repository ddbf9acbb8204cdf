package dev.reprise.agent.perturb;

/**
 * Slow actors and random noise in one run: a slow actor ({@link SlowActors}) waits its own time
 * before every turn, and every other actor's turns and every timer get {@link RandomDelays}'
 * yields, waits and jitter. Slow actors open the windows that one late party opens wherever it is;
 * the noise, those that one late turn opens (a read and its write of one actor far apart).
 */
final class MixedDelays extends TurnDelays {
    private final SlowActors slow;
    private final RandomDelays noise;

    MixedDelays(long seed) {
        this.slow = new SlowActors(seed);
        this.noise = new RandomDelays(seed);
    }

    @Override
    public void beforeTurn(long actor) {
        if (slow.waitOf(actor) > 0) {
            slow.beforeTurn(actor);
        } else {
            noise.beforeTurn(actor);
        }
    }

    @Override
    public long timerDelayNanos(long nanos) {
        return noise.timerDelayNanos(nanos);
    }
}
