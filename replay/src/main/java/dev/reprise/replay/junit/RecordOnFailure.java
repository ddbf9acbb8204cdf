package dev.reprise.replay.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs each test in a JVM of its own with the Reprise agent recording it, and keeps the trace only
 * when the test fails (or hangs past {@link #timeout}); a passing test's trace is deleted. The test
 * then fails as it failed in that JVM, and the output says where the trace is and how to replay it:
 *
 * <pre>{@code
 * @Test
 * @RecordOnFailure
 * void ordersArePaidOnce() { ... }
 * // on failure: [reprise] ... its trace is kept in target/reprise-traces/ShopTest.ordersArePaidOnce
 * // replay it:  mvn test -Dtest=ShopTest#ordersArePaidOnce -Dreprise.replay=target/reprise-traces/ShopTest.ordersArePaidOnce
 * }</pre>
 *
 * With {@code -Dreprise.replay=DIR} the test instead runs once in a JVM of its own that replays
 * that trace: same message order, ids, time and input, so it fails the same way, every time
 * ({@code -Dreprise.debug=PORT} makes that JVM wait for a debugger on PORT). The test's JVM runs
 * neither the test method nor its {@code @BeforeEach} and {@code @AfterEach} methods (nor, when
 * the class carries the annotation, its {@code @BeforeAll} and {@code @AfterAll}): the child does.
 * The agent jar must be on the test class path or named by {@code -Dreprise.agent.jar}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
@ExtendWith(RecordedRunsExtension.class)
public @interface RecordOnFailure {
    /** Where kept traces go: empty for {@code -Dreprise.traces}, or else {@code target/reprise-traces}. */
    String traces() default "";

    /** How long a test's JVM may run (a duration such as {@code 90s} or {@code 10m}) before it is stopped as hung. */
    String timeout() default "10m";
}
