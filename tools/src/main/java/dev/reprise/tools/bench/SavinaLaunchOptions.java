package dev.reprise.tools.bench;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options every bench command that launches Savina JVMs shares; {@code ./reprise} sets both. */
final class SavinaLaunchOptions {
    @Option(
            names = "--classpath",
            required = true,
            paramLabel = "CP",
            description = "Class path of savina-bench (./reprise sets it).")
    String classPath;

    @Option(names = "--agent", required = true, paramLabel = "JAR", description = "The agent jar (./reprise sets it).")
    Path agentJar;

    /** Child JVMs run on the same JDK as this command. */
    SavinaRun.Setup setup() {
        return new SavinaRun.Setup(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), classPath, agentJar.toString());
    }
}
