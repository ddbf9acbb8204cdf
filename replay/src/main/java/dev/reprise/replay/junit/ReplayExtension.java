package dev.reprise.replay.junit;

import dev.reprise.replay.Replay;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;
import net.bytebuddy.agent.ByteBuddyAgent;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/** The extension behind {@link ReplayTrace}: attaches the agent in replay mode, then checks the replay. */
public final class ReplayExtension implements BeforeEachCallback, AfterEachCallback {
    private static final String AGENT = "dev.reprise.agent.RepriseAgent";

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        ReplayTrace annotation = AnnotationSupport.findAnnotation(context.getRequiredTestMethod(), ReplayTrace.class)
                .or(() -> AnnotationSupport.findAnnotation(context.getRequiredTestClass(), ReplayTrace.class))
                .orElseThrow(() -> new ExtensionConfigurationException("@ReplayTrace is missing"));
        Path trace = Path.of(annotation.value()).toAbsolutePath().normalize();
        if (!Files.isRegularFile(trace.resolve("events.rpt"))) {
            throw new ExtensionConfigurationException("@ReplayTrace(\"" + annotation.value() + "\"): no trace at " + trace);
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
        Class<?> agent = agentClass(inst);
        agent.getMethod("agentmain", String.class, Instrumentation.class)
                .invoke(null, "replay,trace=" + trace + ",quiet=" + annotation.quiet(), inst);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        Replay replay = Replay.current();
        if (replay != null && replay.divergence() != null) {
            throw new AssertionError(replay.divergence());
        }
    }

    private static Class<?> agentClass(Instrumentation inst) throws Exception {
        try {
            return Class.forName(AGENT);
        } catch (ClassNotFoundException notOnClassPath) {
            String jar = System.getProperty("reprise.agent.jar");
            if (jar == null || !Files.isRegularFile(Path.of(jar))) {
                throw new ExtensionConfigurationException("the Reprise agent is not on the test class path; add "
                        + "reprise-agent as a test dependency or set -Dreprise.agent.jar=path/to/reprise-agent.jar");
            }
            inst.appendToSystemClassLoaderSearch(new JarFile(jar));
            return Class.forName(AGENT, true, ClassLoader.getSystemClassLoader());
        }
    }
}
