package dev.reprise.tools;

import static dev.reprise.tools.Cli.assertSuccess;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./reprise} script's own help, run through the script: it answers at once, without a
 * build; and when the trace tools build. A stand-in {@code mvn} first on the PATH fails any run
 * that tries one.
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
        for (String word : List.of(
                "Usage: ./reprise COMMAND",
                "demo",
                "build",
                "test",
                "record --trace DIR",
                "replay --trace DIR",
                "inspect DIR",
                "verify DIR",
                "stats DIR",
                "view DIR",
                "diff A B",
                "hunt [--runs N]",
                "bench trace",
                "bench recorder",
                "bench hooks",
                "bench agent",
                "bench savina",
                "bench acmeair",
                "bench truffle")) {
            assertTrue(r.out().contains(word), () -> word + ": " + r);
        }
    }

    @Test
    void benchHelpNamesEveryBenchmark() {
        Cli.Result r = assertSuccess(Cli.script(env, "bench", "--help"));
        assertTrue(r.out().startsWith("Usage: ./reprise bench trace|recorder|content|hooks|agent|savina"), r::toString);
        assertTrue(r.out().contains("|acmeair|truffle "), r::toString);
    }

    @Test
    void theJmhBenchmarksAnswerHelpWithoutABuild() {
        for (String bench : List.of("trace", "recorder", "content", "hooks")) {
            Cli.Result r = assertSuccess(Cli.script(env, "bench", bench, "--help"));
            String options = bench.equals("hooks") ? " [--quick] [--against OLD.jar]" : " [--quick]";
            assertTrue(r.out().startsWith("Usage: ./reprise bench " + bench + options + "\nJMH: "), r::toString);
        }
    }

    @Test
    void theHookBenchmarkRefusesAMissingJarToCompareAgainstBeforeBuilding(@TempDir Path dir) {
        Cli.assertOneLineError(
                Cli.script(
                        env,
                        "bench",
                        "hooks",
                        "--against",
                        dir.resolve("old.jar").toString()),
                2,
                "bench hooks",
                "--against: no such agent jar",
                "old.jar");
        Cli.assertOneLineError(
                Cli.script(env, "bench", "hooks", "--against"), 2, "bench hooks", "--against needs an agent jar");
    }

    @Test
    void aJmhBenchmarkRefusesAnUnknownOptionBeforeBuilding() {
        for (String bench : List.of("trace", "hooks")) {
            Cli.Result r = Cli.script(env, "bench", bench, "--frobnicate");
            Cli.assertOneLineError(r, 2, "bench " + bench, "unknown option '--frobnicate'", "--quick");
        }
    }

    @Test
    void anUnknownBenchmarkIsNamed() {
        Cli.assertOneLineError(Cli.script(env, "bench", "frobnicate"), 2, "unknown benchmark 'frobnicate'", "savina");
    }

    /** A copy of the script in a fresh directory (its own root), with a source older than now. */
    private static Path scriptCopy(Path root) throws Exception {
        Files.copy(Cli.ROOT.resolve("reprise"), root.resolve("reprise"));
        Path source = Files.createDirectories(root.resolve("module/src")).resolve("A.java");
        Files.writeString(source, "class A {}\n");
        Files.setLastModifiedTime(source, FileTime.from(Instant.now().minusSeconds(3600)));
        return root;
    }

    private static void copyJars(Path root) throws Exception {
        Cli.requireJars();
        for (Path jar : List.of(Cli.TOOLS_JAR, Cli.AGENT_JAR)) {
            Path to = Files.createDirectories(
                            root.resolve(Cli.ROOT.relativize(jar)).getParent())
                    .resolve(jar.getFileName());
            Files.copy(jar, to, StandardCopyOption.COPY_ATTRIBUTES);
            Files.setLastModifiedTime(to, FileTime.from(Instant.now()));
        }
    }

    private static Cli.Result scriptIn(Path root, Map<String, String> extra, String... args) {
        Map<String, String> e = new HashMap<>(env);
        e.putAll(extra);
        List<String> cmd =
                new java.util.ArrayList<>(List.of(root.resolve("reprise").toString()));
        cmd.addAll(List.of(args));
        return Cli.run(cmd, e);
    }

    @Test
    void theTraceToolsNeedOnlyTheTwoJars(@TempDir Path dir) throws Exception {
        Path root = scriptCopy(dir);
        copyJars(root); // no demo or Savina class path: those are for demo and bench, not for verify
        Cli.Result r =
                scriptIn(root, Map.of(), "verify", root.resolve("no-trace").toString());
        assertFalse(r.err().contains("mvn was run"), r::toString);
        Cli.assertOneLineError(r, 2, "reprise verify: ", "no such trace directory");
    }

    @Test
    void noBuildUsesTheJarsAsTheyAre(@TempDir Path dir) throws Exception {
        Path root = scriptCopy(dir);
        copyJars(root);
        Files.writeString(root.resolve("module/src/B.java"), "class B {}\n"); // newer than the jars
        Cli.Result r = scriptIn(
                root,
                Map.of("REPRISE_NO_BUILD", "1"),
                "verify",
                root.resolve("no-trace").toString());
        assertFalse(r.err().contains("mvn was run"), r::toString);
        Cli.assertOneLineError(r, 2, "reprise verify: ", "no such trace directory");
    }

    @Test
    void noBuildFailsClearlyWhenAJarIsMissing(@TempDir Path dir) throws Exception {
        Path root = scriptCopy(dir);
        Cli.Result r = scriptIn(root, Map.of("REPRISE_NO_BUILD", "1"), "record", "--trace", "t", "--", "-version");
        Cli.assertOneLineError(r, 2, "reprise: REPRISE_NO_BUILD=1 and ", "tools/target/reprise-tools.jar is missing");
    }

    @Test
    void helpNamesNoBuild() {
        Cli.Result r = assertSuccess(Cli.script(env, "--help"));
        assertTrue(r.out().contains("REPRISE_NO_BUILD=1"), r::toString);
    }
}
