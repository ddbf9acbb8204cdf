package dev.reprise.replay.junit;

import dev.reprise.replay.Replay;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import net.bytebuddy.agent.ByteBuddyAgent;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;

/** The extension behind {@link ReplayTrace}: attaches the agent in replay mode, then checks the replay. */
public final class ReplayExtension implements BeforeEachCallback, InvocationInterceptor, AfterEachCallback {
    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        ReplayTrace annotation = AnnotationSupport.findAnnotation(context.getRequiredTestMethod(), ReplayTrace.class)
                .or(() -> AnnotationSupport.findAnnotation(context.getRequiredTestClass(), ReplayTrace.class))
                .orElseThrow(() -> new ExtensionConfigurationException("@ReplayTrace is missing"));
        Path trace = Path.of(annotation.value()).toAbsolutePath().normalize();
        if (!Files.isRegularFile(trace.resolve("events.rpt"))) {
            throw new ExtensionConfigurationException(
                    "@ReplayTrace(\"" + annotation.value() + "\"): no trace at " + trace);
        }
        Replay running = Replay.current();
        if (running != null) {
            if (!running.directory().equals(trace)) {
                throw new ExtensionConfigurationException("this JVM already replays " + running.directory()
                        + "; a JVM replays one trace: run each @ReplayTrace test class in a fresh JVM");
            }
            return;
        }
        Instrumentation inst = ByteBuddyAgent.install();
        Class<?> agent = AgentJar.load(inst);
        agent.getMethod("agentmain", String.class, Instrumentation.class)
                .invoke(null, "replay,trace=" + trace + ",quiet=" + annotation.quiet(), inst);
    }

    /**
     * A diverged replay stops its actors, and a program waiting for them would wait for ever: the
     * test's thread is interrupted, and whatever the program then throws gives way to the report.
     */
    @Override
    public void interceptTestMethod(
            Invocation<Void> invocation, ReflectiveInvocationContext<Method> method, ExtensionContext context)
            throws Throwable {
        Replay replay = Replay.current();
        if (replay == null) {
            invocation.proceed();
            return;
        }
        try (DivergenceWatch watch = new DivergenceWatch(replay, Thread.currentThread())) {
            watch.start();
            invocation.proceed();
        } catch (Throwable t) {
            if (replay.divergence() == null) {
                throw t;
            }
            AssertionError diverged = new AssertionError(replay.divergence());
            diverged.addSuppressed(t);
            throw diverged;
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        Replay replay = Replay.current();
        // A failed test method already carries the report (see interceptTestMethod).
        if (replay != null
                && replay.divergence() != null
                && context.getExecutionException().isEmpty()) {
            throw new AssertionError(replay.divergence());
        }
    }

    /** Interrupts the test's thread once the replay has diverged, until the test method returns. */
    private static final class DivergenceWatch extends Thread implements AutoCloseable {
        private final Replay replay;
        private final Thread test;
        private boolean done;
        private boolean interrupted;

        DivergenceWatch(Replay replay, Thread test) {
            super("reprise-divergence-watch");
            setDaemon(true);
            this.replay = replay;
            this.test = test;
        }

        @Override
        public void run() {
            while (true) {
                synchronized (this) {
                    if (done) {
                        return;
                    }
                    if (replay.divergence() != null && !interrupted) {
                        interrupted = true;
                        test.interrupt();
                    }
                }
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        @Override
        public synchronized void close() {
            done = true;
            if (interrupted) {
                Thread.interrupted(); // an interrupt the program did not consume must not reach the next test
            }
        }
    }
}
