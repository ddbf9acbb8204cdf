package dev.reprise.tools.hunt;

import java.util.Locale;

/** How a hunt perturbs its runs: one of the agent's strategies ({@code perturb=STRATEGY:SEED}), or none. */
public enum HuntStrategy {
    RANDOM,
    PCT,
    BOUNDED,
    SLOW,
    MIXED,
    /** No perturbation: the program as it runs, for comparison. */
    PLAIN;

    /** The strategy named {@code name} ({@code random}, {@code pct}, {@code bounded}, {@code slow}, {@code mixed}, {@code plain}). */
    public static HuntStrategy parse(String name) {
        for (HuntStrategy s : values()) {
            if (s.optionName().equals(name.trim().toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        throw new IllegalArgumentException(
                "unknown strategy '" + name + "'; valid: random, pct, bounded, slow, mixed, plain");
    }

    /** Its name on the command line and in the agent option. */
    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The agent's {@code perturb} value for a run with {@code seed}, or null for a plain run. */
    public String perturbation(long seed) {
        return this == PLAIN ? null : optionName() + ":" + seed;
    }
}
