package dev.reprise.replay.junit;

import dev.reprise.trace.Durations;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;

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

    private static void runElsewhere(ExtensionContext context) throws Throwable {
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
            KeptTraceReplay.run(context, Path.of(replay), timeout);
            return;
        }
        KeptTraces kept =
                new KeptTraces(Path.of(!traces.isEmpty() ? traces : System.getProperty(TRACES, DEFAULT_TRACES)));
        RecordedRuns runs = new RecordedRuns(context, kept, timeout);
        if (hunt.isEmpty()) {
            runs.once(null, "");
        } else {
            runs.hunt(Integer.getInteger(RUNS, hunt.get().runs()), hunt.get().strategy());
        }
    }

    private static <A extends java.lang.annotation.Annotation> Optional<A> find(ExtensionContext c, Class<A> type) {
        return AnnotationSupport.findAnnotation(c.getTestMethod(), type)
                .or(() -> AnnotationSupport.findAnnotation(c.getTestClass(), type));
    }
}
