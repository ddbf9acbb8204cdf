package dev.reprise.replay.junit;

import dev.reprise.trace.Durations;
import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.Json;
import dev.reprise.trace.TraceFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.TestAbortedException;

/**
 * {@code -Dreprise.replay=DIR}: the test that a kept trace recorded runs once in a JVM of its own
 * that replays the trace, and ends as that replay ended (its failure, or the replay's report when it
 * stopped matching); other tests are skipped.
 */
final class KeptTraceReplay {
    private KeptTraceReplay() {}

    static void run(ExtensionContext context, Path given, Duration timeout) throws Throwable {
        String option = "-D" + RecordedRunsExtension.REPLAY + "=" + given;
        Path trace = given.toAbsolutePath().normalize();
        if (!Files.isRegularFile(TraceFiles.events(trace))) {
            throw new ExtensionConfigurationException(option + ": no trace at " + trace);
        }
        Properties test = KeptTraces.test(trace);
        if (test == null) {
            throw new ExtensionConfigurationException(option + ": " + trace
                    + " was not kept by @RecordOnFailure or @Hunt (it has no " + TraceFiles.JUNIT_TEST
                    + "); replay it with ./reprise replay or @ReplayTrace");
        }
        if (!context.getUniqueId().equals(test.getProperty("test"))) {
            throw new TestAbortedException(option + " replays a trace of " + test.getProperty("displayName") + " ("
                    + test.getProperty("test") + "), not of this test");
        }
        String debug = System.getProperty(RecordedRunsExtension.DEBUG);
        if (debug != null) {
            System.err.println("[reprise] the replay's JVM waits for a debugger on port " + debug);
        }
        TestJvm.Ended ended = TestJvm.run(context.getUniqueId(), "replay,trace=" + trace, timeout, debug);
        int exit = ended.exitCode();
        if (exit == ExitCodes.DIVERGED || exit == ExitCodes.DAMAGE_REACHED || exit == ExitCodes.RECORDING_ENDED) {
            throw new AssertionError(report(trace, ended));
        }
        TestOutcome outcome = ended.outcome();
        if (outcome == null || ended.timedOut()) {
            throw new AssertionError("the replay of " + trace
                    + (ended.timedOut()
                            ? " did not finish within " + Durations.text(timeout)
                            : " ended before the test did (exit code " + exit + ")")
                    + ": " + ended.lastErrorLines());
        }
        switch (outcome.status()) {
            case PASSED ->
                System.err.println("[reprise] " + TestNames.of(context) + " passed in the replay of " + trace
                        + " (its recording " + test.getProperty("ended", "failed") + ")");
            case FAILED -> {
                Throwable t = outcome.throwable(context.getRequiredTestClass().getClassLoader());
                t.addSuppressed(new KeptTrace("[reprise] replayed from " + trace));
                throw t;
            }
            default -> throw outcome.notFailed(context);
        }
    }

    /** The replay's own report ({@value TraceFiles#REPLAY_REPORT}), or the last lines of its error output. */
    private static String report(Path trace, TestJvm.Ended ended) {
        try {
            Object json = Json.parse(Files.readString(TraceFiles.replayReport(trace)));
            if (json instanceof Map<?, ?> m && m.get("text") instanceof String text) {
                return text;
            }
        } catch (IOException | Json.ParseException e) {
            // the output then
        }
        return "the replay stopped (exit code " + ended.exitCode() + "): " + ended.lastErrorLines();
    }
}
