package dev.reprise.replay.junit;

import dev.reprise.trace.Durations;
import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.Json;
import dev.reprise.trace.TraceFiles;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.SplittableRandom;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.opentest4j.TestAbortedException;

/**
 * The extension behind {@link RecordOnFailure} and {@link Hunt}. In the test's JVM it runs none of
 * the test's code: each run is a JVM of its own ({@link TestJvm}) that the agent records (or, with
 * {@code -Dreprise.replay}, replays) from its start, and the test ends as that JVM's run ended. In
 * that JVM the same extension lets the test run as written.
 */
public final class RecordedRunsExtension implements InvocationInterceptor {
    /** The prefix of Reprise's own system properties, which a test's JVM is not given. */
    static final String PROPERTIES = "reprise.";
    /** A trace kept by this extension: the test that recorded it runs once, replaying it. */
    static final String REPLAY = "reprise.replay";
    /** The port on which a replaying JVM waits for a debugger. */
    static final String DEBUG = "reprise.debug";
    /** Where kept traces go, unless the annotation says. */
    static final String TRACES = "reprise.traces";
    /** Overrides {@link Hunt#runs}. */
    static final String RUNS = "reprise.hunt.runs";
    /** The first run's seed of a hunt. */
    static final String SEED = "reprise.hunt.seed";

    static final String DEFAULT_TRACES = "target/reprise-traces";

    @Override
    public void interceptTestMethod(
            Invocation<Void> invocation, ReflectiveInvocationContext<Method> method, ExtensionContext context)
            throws Throwable {
        if (inTestJvm()) {
            invocation.proceed();
            return;
        }
        invocation.skip();
        runElsewhere(context);
    }

    @Override
    public void interceptTestTemplateMethod(
            Invocation<Void> invocation, ReflectiveInvocationContext<Method> method, ExtensionContext context)
            throws Throwable {
        interceptTestMethod(invocation, method, context);
    }

    @Override
    public void interceptBeforeEachMethod(
            Invocation<Void> invocation, ReflectiveInvocationContext<Method> method, ExtensionContext context)
            throws Throwable {
        proceedInTestJvm(invocation, true);
    }

    @Override
    public void interceptAfterEachMethod(
            Invocation<Void> invocation, ReflectiveInvocationContext<Method> method, ExtensionContext context)
            throws Throwable {
        proceedInTestJvm(invocation, true);
    }

    @Override
    public void interceptBeforeAllMethod(
            Invocation<Void> invocation, ReflectiveInvocationContext<Method> method, ExtensionContext context)
            throws Throwable {
        proceedInTestJvm(invocation, onClass(context));
    }

    @Override
    public void interceptAfterAllMethod(
            Invocation<Void> invocation, ReflectiveInvocationContext<Method> method, ExtensionContext context)
            throws Throwable {
        proceedInTestJvm(invocation, onClass(context));
    }

    /** Set-up and tear-down run where the test runs: in its own JVM, unless only some of the class's tests do. */
    private static void proceedInTestJvm(Invocation<Void> invocation, boolean onlyThere) throws Throwable {
        if (onlyThere && !inTestJvm()) {
            invocation.skip();
        } else {
            invocation.proceed();
        }
    }

    private static boolean onClass(ExtensionContext context) {
        return context.getTestClass()
                .map(c -> AnnotationSupport.isAnnotated(c, RecordOnFailure.class)
                        || AnnotationSupport.isAnnotated(c, Hunt.class))
                .orElse(false);
    }

    /** In the JVM a run started ({@link RecordedTestMain}). */
    private static boolean inTestJvm() {
        return System.getProperty(TestJvm.TEST_PROPERTY) != null;
    }

    private void runElsewhere(ExtensionContext context) throws Throwable {
        Optional<Hunt> hunt = find(context, Hunt.class);
        Optional<RecordOnFailure> record = find(context, RecordOnFailure.class);
        String traces = hunt.map(Hunt::traces)
                .or(() -> record.map(RecordOnFailure::traces))
                .orElse("");
        String timeoutText = hunt.map(Hunt::timeout)
                .or(() -> record.map(RecordOnFailure::timeout))
                .orElse("10m");
        Duration timeout;
        try {
            timeout = Durations.parse(timeoutText);
        } catch (IllegalArgumentException e) {
            throw new ExtensionConfigurationException("timeout: " + e.getMessage());
        }
        String replay = System.getProperty(REPLAY);
        if (replay != null) {
            replay(context, Path.of(replay), timeout);
            return;
        }
        KeptTraces kept =
                new KeptTraces(Path.of(!traces.isEmpty() ? traces : System.getProperty(TRACES, DEFAULT_TRACES)));
        if (hunt.isEmpty()) {
            recordedRun(context, kept, null, timeout, "");
            return;
        }
        int runs = Integer.getInteger(RUNS, hunt.get().runs());
        if (runs < 1) {
            throw new ExtensionConfigurationException("@Hunt: runs must be 1 or more, was " + runs);
        }
        long seed = Long.getLong(SEED, new SplittableRandom().nextLong(1L << 40));
        String strategy = hunt.get().strategy();
        for (int run = 1; run <= runs; run++) {
            String perturb = strategy + ":" + (seed + run - 1);
            String which = "run " + run + " of " + runs + " (perturb=" + perturb + ")";
            recordedRun(context, kept, perturb, timeout, which); // throws a failing run's failure
        }
        System.out.println("[reprise] hunt " + name(context) + ": no failure in " + runs + " runs (perturb=" + strategy
                + ":" + seed + " to " + (seed + runs - 1) + ")");
    }

    /** One recorded run: returns when the test passed, else throws as it ended, its trace kept if it failed. */
    private void recordedRun(ExtensionContext context, KeptTraces kept, String perturb, Duration timeout, String which)
            throws Throwable {
        Path recording = kept.recording();
        String options = "record,trace=" + recording + (perturb == null ? "" : ",perturb=" + perturb);
        TestJvm.Ended ended = TestJvm.run(context.getUniqueId(), options, timeout, null);
        TestOutcome outcome = ended.outcome();
        String prefix =
                "[reprise] " + (perturb == null ? "" : "hunt ") + name(context) + (which.isEmpty() ? "" : ": " + which);
        if (outcome != null && outcome.status() == TestOutcome.Status.PASSED && !ended.timedOut()) {
            KeptTraces.delete(recording);
            if (perturb != null) {
                System.out.println(prefix + " passed");
            }
            return;
        }
        if (outcome != null && !ended.timedOut() && outcome.status() != TestOutcome.Status.FAILED) {
            KeptTraces.delete(recording);
            throw notFailed(outcome, context);
        }
        if (!Files.isRegularFile(TraceFiles.events(recording))) {
            throw new ExtensionConfigurationException("the test's recorded JVM ended without a trace (exit code "
                    + ended.exitCode() + "): " + lastLines(ended.errors()));
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
        Path trace = kept.keep(recording, traceName(context), test);
        String where = shown(trace);
        String replayIt = "replay it: " + mavenCommand(context, where) + " (in an IDE, add -D" + REPLAY + "=" + where
                + " to the test's VM options)";
        System.err.println(prefix + " " + failure + "; its trace is kept in " + where + "\n[reprise] " + replayIt);
        Throwable thrown = outcome == null
                ? new AssertionError(
                        name(context) + " " + failure + " in its recorded run: " + lastLines(ended.errors()))
                : outcome.throwable(classLoader(context));
        thrown.addSuppressed(new KeptTrace("[reprise] the failing run's trace: " + where + "; " + replayIt));
        throw thrown;
    }

    /** Replays {@code trace}, a trace this extension kept, in a JVM of its own; the test ends as the replay did. */
    private void replay(ExtensionContext context, Path given, Duration timeout) throws Throwable {
        Path trace = given.toAbsolutePath().normalize();
        if (!Files.isRegularFile(TraceFiles.events(trace))) {
            throw new ExtensionConfigurationException("-D" + REPLAY + "=" + given + ": no trace at " + trace);
        }
        Properties test = KeptTraces.test(trace);
        if (test == null) {
            throw new ExtensionConfigurationException("-D" + REPLAY + "=" + given + ": " + trace
                    + " was not kept by @RecordOnFailure or @Hunt (it has no " + TraceFiles.JUNIT_TEST
                    + "); replay it with ./reprise replay or @ReplayTrace");
        }
        if (!context.getUniqueId().equals(test.getProperty("test"))) {
            throw new TestAbortedException("-D" + REPLAY + " replays a trace of " + test.getProperty("displayName")
                    + " (" + test.getProperty("test") + "), not of this test");
        }
        String debug = System.getProperty(DEBUG);
        if (debug != null) {
            System.err.println("[reprise] the replay's JVM waits for a debugger on port " + debug);
        }
        TestJvm.Ended ended = TestJvm.run(context.getUniqueId(), "replay,trace=" + trace, timeout, debug);
        int exit = ended.exitCode();
        if (exit == ExitCodes.DIVERGED || exit == ExitCodes.DAMAGE_REACHED || exit == ExitCodes.RECORDING_ENDED) {
            throw new AssertionError(replayReport(trace, ended));
        }
        TestOutcome outcome = ended.outcome();
        if (outcome == null || ended.timedOut()) {
            throw new AssertionError("the replay of " + trace
                    + (ended.timedOut()
                            ? " did not finish within " + Durations.text(timeout)
                            : " ended before the test did (exit code " + exit + ")")
                    + ": " + lastLines(ended.errors()));
        }
        switch (outcome.status()) {
            case PASSED ->
                System.err.println("[reprise] " + name(context) + " passed in the replay of " + trace
                        + " (its recording " + test.getProperty("ended", "failed") + ")");
            case FAILED -> {
                Throwable t = outcome.throwable(classLoader(context));
                t.addSuppressed(new KeptTrace("[reprise] replayed from " + trace));
                throw t;
            }
            default -> throw notFailed(outcome, context);
        }
    }

    /** The replay's own report ({@value TraceFiles#REPLAY_REPORT}), or its last lines of error output. */
    private static String replayReport(Path trace, TestJvm.Ended ended) {
        try {
            Object json = Json.parse(Files.readString(TraceFiles.replayReport(trace)));
            if (json instanceof Map<?, ?> m && m.get("text") instanceof String text) {
                return text;
            }
        } catch (IOException | Json.ParseException e) {
            // the output then
        }
        return "the replay stopped (exit code " + ended.exitCode() + "): " + lastLines(ended.errors());
    }

    /** A run that neither passed nor failed: skipped or aborted there, so here too; or no such test there. */
    private static Throwable notFailed(TestOutcome outcome, ExtensionContext context) {
        return switch (outcome.status()) {
            case ABORTED -> outcome.throwable(classLoader(context));
            case SKIPPED -> new TestAbortedException("skipped in its own JVM: " + outcome.text());
            default ->
                new ExtensionConfigurationException(
                        "the test's own JVM found no test " + context.getUniqueId() + ": " + outcome.text());
        };
    }

    private static <A extends java.lang.annotation.Annotation> Optional<A> find(ExtensionContext c, Class<A> type) {
        return AnnotationSupport.findAnnotation(c.getTestMethod(), type)
                .or(() -> AnnotationSupport.findAnnotation(c.getTestClass(), type));
    }

    private static ClassLoader classLoader(ExtensionContext context) {
        return context.getRequiredTestClass().getClassLoader();
    }

    /** {@code ShopTest.paysOnce}, with a template invocation's number: {@code ShopTest.paysOnce-3}. */
    static String traceName(ExtensionContext context) {
        String name = name(context);
        String id = context.getUniqueId();
        int at = id.lastIndexOf("[test-template-invocation:#");
        return at < 0 ? name : name + "-" + id.substring(at + 27, id.length() - 1);
    }

    private static String name(ExtensionContext context) {
        String cls = context.getRequiredTestClass().getName();
        cls = cls.substring(cls.lastIndexOf('.') + 1).replace('$', '.');
        return cls + "." + context.getRequiredTestMethod().getName();
    }

    /** The Maven command that replays the trace: Failsafe's option for a class named as an integration test. */
    private static String mavenCommand(ExtensionContext context, String trace) {
        String cls = context.getRequiredTestClass().getSimpleName();
        boolean it = cls.endsWith("IT") || cls.endsWith("ITCase") || cls.startsWith("IT");
        String test = context.getRequiredTestClass().getName() + "#"
                + context.getRequiredTestMethod().getName();
        return it
                ? "mvn verify -Dit.test=" + test + " -D" + REPLAY + "=" + trace
                : "mvn test -Dtest=" + test + " -D" + REPLAY + "=" + trace;
    }

    /** {@code trace} relative to the working directory when it is below it. */
    private static String shown(Path trace) {
        Path here = Path.of(System.getProperty("user.dir")).toAbsolutePath().normalize();
        return trace.startsWith(here) ? here.relativize(trace).toString() : trace.toString();
    }

    private static String lastLines(List<String> lines) {
        List<String> last = lines.subList(Math.max(0, lines.size() - 20), lines.size());
        return last.isEmpty() ? "(no output)" : "\n" + String.join("\n", last);
    }

    /** Where a failing run's trace is, beside the test's failure. */
    static final class KeptTrace extends RuntimeException {
        KeptTrace(String message) {
            super(message, null, false, false);
        }
    }
}
