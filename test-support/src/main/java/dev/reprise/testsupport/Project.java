package dev.reprise.testsupport;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where the repository and its packaged jars are, for tests that run Reprise as users run it, and
 * the {@code ./reprise} script run inside the build.
 *
 * <p>The packaged agent is found by path, not through Maven: the tools under test (the script, and
 * {@code reprise-tools.jar} run with {@code -Dreprise.home}) themselves use {@code
 * agent/target/reprise-agent.jar} of the repository they run from, so a test must check that same
 * file. Maven orders the build (a module whose tests need the agent depends on it) and the module's
 * pom names the jar in the system property {@code reprise.agent.jar}.
 */
public final class Project {
    /** The environment for {@code ./reprise} inside the build: no nested Maven build (the jars as packaged), this JDK. */
    public static final Map<String, String> PACKAGED =
            Map.of("REPRISE_NO_BUILD", "1", "JAVA_HOME", System.getProperty("java.home"));

    private Project() {}

    /**
     * The repository's root: the system property {@code reprise.root} if the pom sets it, else the
     * nearest folder at or above the working directory (a module's, under Maven) that holds the
     * {@code reprise} script.
     */
    public static Path root() {
        String property = System.getProperty("reprise.root");
        if (property != null && !property.isBlank()) {
            return Path.of(property).toAbsolutePath().normalize();
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("reprise")) && Files.isRegularFile(dir.resolve("pom.xml"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no Reprise repository at or above "
                + Path.of("").toAbsolutePath() + " (set the system property reprise.root)");
    }

    /** The {@code ./reprise} script. */
    public static Path script() {
        return root().resolve("reprise");
    }

    /**
     * The packaged agent, {@code agent/target/reprise-agent.jar}: the system property {@code
     * reprise.agent.jar} if the pom sets it, else that path under {@link #root()}. It may not exist
     * yet: see {@link #requirePackaged}.
     */
    public static Path agentJar() {
        String property = System.getProperty("reprise.agent.jar");
        return property != null && !property.isBlank()
                ? Path.of(property).toAbsolutePath().normalize()
                : root().resolve("agent/target/reprise-agent.jar");
    }

    /** The packaged tools, {@code tools/target/reprise-tools.jar}: the property {@code reprise.tools.jar}, else that path under {@link #root()}. */
    public static Path toolsJar() {
        String property = System.getProperty("reprise.tools.jar");
        return property != null && !property.isBlank()
                ? Path.of(property).toAbsolutePath().normalize()
                : root().resolve("tools/target/reprise-tools.jar");
    }

    /** Fails the test, saying {@code howToBuild}, unless {@code jar} is there. Returns it. */
    public static Path requirePackaged(Path jar, String howToBuild) {
        assertTrue(Files.isRegularFile(jar), () -> jar + " is missing: " + howToBuild);
        return jar;
    }

    /** {@code ./reprise ARGS} as {@link #PACKAGED}, in the working directory of the test. */
    public static ChildProcess script(String... args) {
        return ChildProcess.command(script().toString()).args(args).env(PACKAGED);
    }
}
