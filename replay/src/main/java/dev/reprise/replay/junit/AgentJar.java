package dev.reprise.replay.junit;

import java.lang.instrument.Instrumentation;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/** Where the extensions find the Reprise agent: on the test class path, or in the jar {@code -Dreprise.agent.jar} names. */
final class AgentJar {
    static final String AGENT = "dev.reprise.agent.RepriseAgent";
    static final String PROPERTY = "reprise.agent.jar";

    private AgentJar() {}

    /** The agent's class, for attaching it to this JVM; a jar the property names joins the system class path. */
    static Class<?> load(Instrumentation inst) throws Exception {
        try {
            return Class.forName(AGENT);
        } catch (ClassNotFoundException notOnClassPath) {
            inst.appendToSystemClassLoaderSearch(new JarFile(named().toFile()));
            return Class.forName(AGENT, true, ClassLoader.getSystemClassLoader());
        }
    }

    /** The agent's jar, for {@code -javaagent} in a child JVM. */
    static Path path() {
        String property = System.getProperty(PROPERTY);
        if (property != null) {
            return named();
        }
        URL url = AgentJar.class.getClassLoader().getResource(AGENT.replace('.', '/') + ".class");
        if (url == null) {
            throw missing();
        }
        String s = url.toString();
        if (!s.startsWith("jar:file:") || !s.contains("!/")) {
            throw new ExtensionConfigurationException("the Reprise agent on the test class path is not a jar (" + s
                    + "); a recorded test run needs the agent's jar: set -D" + PROPERTY + "=path/to/reprise-agent.jar");
        }
        try {
            return Path.of(new URL(s.substring(4, s.indexOf("!/"))).toURI());
        } catch (URISyntaxException | java.net.MalformedURLException e) {
            throw new ExtensionConfigurationException("cannot tell where the Reprise agent's jar is (" + s + ")", e);
        }
    }

    private static Path named() {
        String jar = System.getProperty(PROPERTY);
        if (jar == null || !Files.isRegularFile(Path.of(jar))) {
            throw missing();
        }
        return Path.of(jar).toAbsolutePath();
    }

    private static ExtensionConfigurationException missing() {
        return new ExtensionConfigurationException("the Reprise agent is not on the test class path; add "
                + "reprise-agent as a test dependency or set -D" + PROPERTY + "=path/to/reprise-agent.jar");
    }
}
