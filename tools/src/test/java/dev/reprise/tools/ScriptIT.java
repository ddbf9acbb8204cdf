package dev.reprise.tools;

import static dev.reprise.tools.Cli.assertSuccess;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./reprise} script's own help, run through the script: it answers at once, without a
 * build. A stand-in {@code mvn} first on the PATH fails any run that tries one.
 */
class ScriptIT {
    @TempDir
    static Path bin;

    static Map<String, String> env;

    @BeforeAll
    static void noMaven() throws Exception {
        Path mvn = bin.resolve("mvn");
        Files.writeString(mvn, "#!/bin/sh\necho 'ScriptIT: mvn was run' >&2\nexit 97\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        env = Map.of("PATH", bin + ":" + System.getenv("PATH"), "JAVA_HOME", System.getProperty("java.home"));
    }

    @Test
    void helpListsEveryCommand() {
        Cli.Result r = assertSuccess(Cli.script(env, "--help"));
        for (String word : List.of("Usage: ./reprise COMMAND", "demo", "build", "test", "record --trace DIR", "replay --trace DIR",
                "inspect DIR", "verify DIR", "stats DIR", "bench trace", "bench recorder", "bench agent", "bench savina")) {
            assertTrue(r.out().contains(word), () -> word + ": " + r);
        }
    }

    @Test
    void benchHelpNamesEveryBenchmark() {
        Cli.Result r = assertSuccess(Cli.script(env, "bench", "--help"));
        assertTrue(r.out().startsWith("Usage: ./reprise bench trace|recorder|agent|savina"), r::toString);
    }

    @Test
    void theJmhBenchmarksAnswerHelpWithoutABuild() {
        for (String bench : List.of("trace", "recorder")) {
            Cli.Result r = assertSuccess(Cli.script(env, "bench", bench, "--help"));
            assertTrue(r.out().startsWith("Usage: ./reprise bench " + bench + " [--quick]\nJMH: "), r::toString);
        }
    }

    @Test
    void aJmhBenchmarkRefusesAnUnknownOptionBeforeBuilding() {
        Cli.Result r = Cli.script(env, "bench", "trace", "--frobnicate");
        Cli.assertOneLineError(r, 2, "bench trace", "unknown option '--frobnicate'", "--quick");
    }

    @Test
    void anUnknownBenchmarkIsNamed() {
        Cli.assertOneLineError(Cli.script(env, "bench", "frobnicate"), 2, "unknown benchmark 'frobnicate'", "savina");
    }
}
