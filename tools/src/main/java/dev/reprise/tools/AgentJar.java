package dev.reprise.tools;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the agent jar: the {@code reprise.home} property (set by ./reprise), or beside this jar's module. */
final class AgentJar {
    private AgentJar() {}

    static Path locate() {
        String home = System.getProperty("reprise.home");
        Path root = home != null ? Path.of(home) : guessRoot();
        Path jar = root == null ? null : root.resolve("agent/target/reprise-agent.jar");
        if (jar == null || !Files.isRegularFile(jar)) {
            throw new IllegalStateException("cannot find the agent jar (agent/target/reprise-agent.jar); run "
                    + "./reprise build, or start reprise through the ./reprise script");
        }
        return jar;
    }

    private static Path guessRoot() {
        try {
            Path self = Path.of(AgentJar.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            // tools/target/reprise-tools.jar -> repository root
            return self.getParent() == null
                    ? null
                    : self.getParent().getParent().getParent();
        } catch (Exception e) {
            return null;
        }
    }

    /** The java executable of the JVM running the tools (the JDK ./reprise found). */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
