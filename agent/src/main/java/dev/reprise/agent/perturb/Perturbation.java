package dev.reprise.agent.perturb;

import java.util.Locale;

/**
 * The agent option {@code perturb=[STRATEGY:]SEED}: a recording whose schedule is perturbed, so a
 * race that plain runs rarely lose shows sooner ({@code reprise hunt} records run after run, each
 * with another seed). The seed and strategy go into the trace's metadata, so a kept trace says
 * how it was found; replay ignores them (it follows the recorded order, whatever made it).
 *
 * @param strategy how turns are delayed
 * @param seed where every choice of the run comes from
 */
public record Perturbation(Strategy strategy, long seed) {

    /** How a perturbed recording delays actors' turns and timers. */
    public enum Strategy {
        /** Random yields and short delays before turns, and random extra delay on timers. */
        RANDOM,
        /** PCT-style: a random priority per actor (lower ones wait longer before a turn), a few change points. */
        PCT,
        /** Delay bounding: a few long delays, each before one turn chosen at random. */
        BOUNDED,
        /** Slow actors: some actors, chosen at random, wait before every turn, each its own time. */
        SLOW,
        /** Slow actors, and random's waits for the other actors' turns and the timers. */
        MIXED;

        /** The strategy's name in the option ({@code random}, {@code pct}, {@code bounded}). */
        public String optionName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The strategy used when the option gives only a seed. */
    public static final Strategy DEFAULT_STRATEGY = Strategy.MIXED;

    /**
     * Parses {@code SEED} or {@code STRATEGY:SEED} (a strategy's name, a decimal seed).
     *
     * @throws IllegalArgumentException naming the problem and the valid form
     */
    public static Perturbation parse(String value) {
        String v = value == null ? "" : value.trim();
        int colon = v.indexOf(':');
        Strategy strategy =
                colon < 0 ? DEFAULT_STRATEGY : strategy(v.substring(0, colon).trim());
        String seed = colon < 0 ? v : v.substring(colon + 1).trim();
        try {
            return new Perturbation(strategy, Long.parseLong(seed));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "perturb: expected SEED or STRATEGY:SEED (a whole number, e.g. perturb=pct:42), was '" + v + "'");
        }
    }

    private static Strategy strategy(String name) {
        for (Strategy s : Strategy.values()) {
            if (s.optionName().equals(name.toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        throw new IllegalArgumentException(
                "perturb: unknown strategy '" + name + "'; valid: random, pct, bounded, slow, mixed");
    }

    /** As the option and the trace's metadata say it: {@code random:42}. */
    public String text() {
        return strategy.optionName() + ":" + seed;
    }

    /** The delays this run makes, fresh. */
    public TurnDelays delays() {
        return switch (strategy) {
            case RANDOM -> new RandomDelays(seed);
            case PCT -> new PriorityDelays(seed);
            case BOUNDED -> new BoundedDelays(seed);
            case SLOW -> new SlowActors(seed);
            case MIXED -> new MixedDelays(seed);
        };
    }
}
