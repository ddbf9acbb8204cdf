package dev.reprise.replay.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs the test method under replay of a recorded trace, in the test's own JVM (so breakpoints in
 * the program's code work): the method then calls the program's entry point, e.g.
 *
 * <pre>{@code
 * @Test
 * @ReplayTrace("traces/bug-4711")
 * void reproducesTheBug() throws Exception {
 *     Shop.main(new String[0]);   // replayed: same message order, ids, time, input
 * }
 * }</pre>
 *
 * The agent is attached to the test JVM before the method runs, so nothing may have loaded Akka
 * or Scala in that JVM before: run such tests in a fresh JVM each (Maven Surefire or Failsafe with
 * {@code reuseForks=false}) with {@code -XX:+EnableDynamicAgentLoading}, and put the Reprise agent
 * ({@code reprise-agent}) on the test class path or name its jar with {@code -Dreprise.agent.jar}.
 * A divergence fails the test with the replay's report, and interrupts the test's thread so that a
 * program waiting for the stopped actors gives up.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
@ExtendWith(ReplayExtension.class)
public @interface ReplayTrace {
    /** The trace directory. */
    String value();

    /** How long no actor may make progress before the replay reports a divergence. */
    String quiet() default "10s";
}
