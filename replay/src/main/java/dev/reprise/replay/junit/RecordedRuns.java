package dev.reprise.replay.junit;

import dev.reprise.trace.Durations;
import dev.reprise.trace.TraceFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import java.util.SplittableRandom;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Recorded runs of one test ({@link RecordOnFailure}: one; {@link Hunt}: until one fails), each in
 * a JVM of its own: a passing run's trace is deleted, a failing run's kept, and the test fails as
 * that run failed, saying where its trace is and how to replay it.
 */
final class RecordedRuns {
    private final ExtensionContext context;
    private final KeptTraces kept;
    private final Duration timeout;

    RecordedRuns(ExtensionContext context, KeptTraces kept, Duration timeout) {
        this.context = context;
        this.kept = kept;
        this.timeout = timeout;
    }

    /** Up to {@code runs} runs perturbed by {@code strategy}, seeds from {@code -Dreprise.hunt.seed} on (or a random one). */
    void hunt(int runs, String strategy) throws Throwable {
        if (runs < 1) {
            throw new ExtensionConfigurationException("@Hunt: runs must be 1 or more, was " + runs);
        }
        long seed = Long.getLong(RecordedRunsExtension.SEED, new SplittableRandom().nextLong(1L << 40));
        for (int run = 1; run <= runs; run++) {
            String perturb = strategy + ":" + (seed + run - 1);
            once(perturb, "run " + run + " of " + runs + " (perturb=" + perturb + ")");
        }
        System.out.println("[reprise] hunt " + TestNames.of(context) + ": no failure in " + runs + " runs (perturb="
                + strategy + ":" + seed + " to " + (seed + runs - 1) + ")");
    }

    /** One recorded run ({@code perturb} null: plain): returns when the test passed, else throws as it ended. */
    void once(String perturb, String which) throws Throwable {
        Path recording = kept.recording();
        String options = "record,trace=" + recording + (perturb == null ? "" : ",perturb=" + perturb);
        TestJvm.Ended ended = TestJvm.run(context.getUniqueId(), options, timeout, null);
        TestOutcome outcome = ended.outcome();
        String prefix = "[reprise] " + (perturb == null ? "" : "hunt ") + TestNames.of(context)
                + (which.isEmpty() ? "" : ": " + which);
        if (outcome != null && outcome.status() == TestOutcome.Status.PASSED && !ended.timedOut()) {
            KeptTraces.delete(recording);
            if (perturb != null) {
                System.out.println(prefix + " passed");
            }
            return;
        }
        if (outcome != null && !ended.timedOut() && outcome.status() != TestOutcome.Status.FAILED) {
            KeptTraces.delete(recording);
            throw outcome.notFailed(context);
        }
        if (!Files.isRegularFile(TraceFiles.events(recording))) {
            throw new ExtensionConfigurationException("the test's recorded JVM ended without a trace (exit code "
                    + ended.exitCode() + "): " + ended.lastErrorLines());
        }
        String failure = ended.timedOut()
                ? "did not finish within " + Durations.text(timeout) + ": stopped"
                : outcome == null ? "its JVM ended before the test did (exit code " + ended.exitCode() + ")" : "failed";
        Properties test = new Properties();
        test.setProperty("test", context.getUniqueId());
        test.setProperty("displayName", context.getDisplayName());
        test.setProperty("ended", failure);
        if (perturb != null) {
            test.setProperty("perturb", perturb);
        }
        Path trace = kept.keep(recording, TestNames.traceFolder(context), test);
        String where = TestNames.shown(trace);
        String replayIt = "replay it: " + TestNames.mavenCommand(context, where) + " (in an IDE, add -D"
                + RecordedRunsExtension.REPLAY + "=" + where + " to the test's VM options)";
        System.err.println(prefix + " " + failure + "; its trace is kept in " + where + "\n[reprise] " + replayIt);
        Throwable thrown = outcome == null
                ? new AssertionError(
                        TestNames.of(context) + " " + failure + " in its recorded run: " + ended.lastErrorLines())
                : outcome.throwable(context.getRequiredTestClass().getClassLoader());
        thrown.addSuppressed(new KeptTrace("[reprise] the failing run's trace: " + where + "; " + replayIt));
        throw thrown;
    }
}
