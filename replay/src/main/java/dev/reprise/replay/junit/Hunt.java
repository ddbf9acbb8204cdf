package dev.reprise.replay.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Repeats a flaky test, each run recorded in a JVM of its own under another schedule perturbation
 * (the agent's {@code perturb=STRATEGY:SEED}), until a run fails; that run's trace is kept, the
 * others are deleted, and the test fails as that run failed, saying how to replay it. No failure
 * in {@link #runs} runs: the test passes. Otherwise as {@link RecordOnFailure}, including
 * {@code -Dreprise.replay=DIR}, which replays a kept trace once instead of hunting.
 *
 * <pre>{@code
 * @Test
 * @Hunt(runs = 50)
 * void theCacheNeverServesAStaleEntry() { ... }
 * }</pre>
 *
 * {@code -Dreprise.hunt.runs=N} overrides {@link #runs} and {@code -Dreprise.hunt.seed=S} gives the
 * first run's seed (the next runs take S+1, S+2, ...; by default a random one).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
@ExtendWith(RecordedRunsExtension.class)
public @interface Hunt {
    /** At most this many runs. */
    int runs() default 20;

    /** The perturbation: {@code mixed}, {@code random}, {@code slow}, {@code pct} or {@code bounded} (agent/README.md says how each works). */
    String strategy() default "mixed";

    /** Where the kept trace goes: empty for {@code -Dreprise.traces}, or else {@code target/reprise-traces}. */
    String traces() default "";

    /** How long each run's JVM may take before it is stopped as hung (a hang is a failure too). */
    String timeout() default "10m";
}
