package dev.reprise.replay.junit;

import java.nio.file.Path;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The main class of a test's own JVM ({@link RecordedRunsExtension}), recorded or replayed by the
 * agent from its first class on: runs the one test that {@value TestJvm#TEST_PROPERTY} names (a
 * JUnit unique id) on the JUnit Platform, writes how it ended to the file {@value
 * TestJvm#RESULT_PROPERTY} names ({@link TestOutcome}), and exits: 0 passed, 1 otherwise. Its
 * command line carries no argument, so a replay's program check sees the recording's.
 */
public final class RecordedTestMain {
    private RecordedTestMain() {}

    public static void main(String[] args) throws Exception {
        String test = System.getProperty(TestJvm.TEST_PROPERTY);
        Path result = Path.of(System.getProperty(TestJvm.RESULT_PROPERTY));
        Outcomes outcomes = new Outcomes(test);
        Launcher launcher = LauncherFactory.create();
        launcher.execute(
                LauncherDiscoveryRequestBuilder.request()
                        .selectors(DiscoverySelectors.selectUniqueId(test))
                        .build(),
                outcomes);
        TestOutcome outcome = outcomes.outcome();
        outcome.write(result);
        System.out.flush();
        System.err.flush();
        System.exit(outcome.status() == TestOutcome.Status.PASSED ? 0 : 1); // the program's threads may linger
    }

    /** The test's own end; a failure of a class around it (its @BeforeAll) comes first, since the test then never ran. */
    private static final class Outcomes implements TestExecutionListener {
        private final String test;
        private TestOutcome outcome;

        Outcomes(String test) {
            this.test = test;
        }

        @Override
        public void executionSkipped(TestIdentifier id, String reason) {
            if (outcome == null && test.startsWith(id.getUniqueId())) {
                outcome = new TestOutcome(TestOutcome.Status.SKIPPED, reason, new byte[0]);
            }
        }

        @Override
        public void executionFinished(TestIdentifier id, TestExecutionResult result) {
            if (outcome != null && outcome.status() != TestOutcome.Status.PASSED) {
                return;
            }
            Throwable t = result.getThrowable().orElse(null);
            switch (result.getStatus()) {
                case FAILED -> outcome = TestOutcome.of(TestOutcome.Status.FAILED, t);
                case ABORTED -> outcome = TestOutcome.of(TestOutcome.Status.ABORTED, t);
                case SUCCESSFUL -> {
                    if (id.getUniqueId().equals(test)) {
                        outcome = TestOutcome.of(TestOutcome.Status.PASSED, null);
                    }
                }
            }
        }

        TestOutcome outcome() {
            return outcome != null
                    ? outcome
                    : new TestOutcome(
                            TestOutcome.Status.NOT_FOUND, "no test " + test + " on this class path", new byte[0]);
        }
    }
}
