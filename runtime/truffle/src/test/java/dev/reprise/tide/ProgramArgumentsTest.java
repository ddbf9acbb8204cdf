package dev.reprise.tide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher gives a program the words after its file as {@code args()} (in-process runs get
 * them from NAME.args, see {@link TideRunner}). This test starts no engine in the test JVM: the
 * engine's TraceTransferToInterpreter option is initialised once per JVM by its first engine, and
 * TracingCompilationTest needs it.
 */
@Tag("slow") // starts JVMs: left out of ./reprise test --fast
class ProgramArgumentsTest {
    private static final Path COUNTING = Path.of("src/test/tide/savina/counting.tide");

    @Test
    void theLauncherPassesTheWordsAfterTheFile() throws Exception {
        Process process = launcher(COUNTING.toString(), "2500").start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals("Counting ok\n", out, err);
        assertEquals(0, process.exitValue(), err);

        Process bad = launcher(COUNTING.toString(), "2.5").start();
        String badErr = new String(bad.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(bad.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, bad.exitValue());
        assertEquals("error: counting.tide:6:7: int expects a string of an integer, got \"2.5\"\n", badErr);
    }

    @Test
    void flagsComeBeforeTheFileAndArgumentsAfterIt(@TempDir Path dir) throws Exception {
        String trace = dir.resolve("trace").toString();
        for (List<String> flags : List.of(List.of("--record", trace), List.of("--replay", trace))) {
            List<String> args = new ArrayList<>(flags);
            args.addAll(List.of(COUNTING.toString(), "1234"));
            Process process = launcher(args.toArray(String[]::new)).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(60, TimeUnit.SECONDS));
            assertEquals("Counting ok\n", out, flags + ": " + err);
            assertEquals(0, process.exitValue(), flags + ": " + err);
        }
    }

    private static ProcessBuilder launcher(String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI", "--upgrade-module-path=target/compiler",
                "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
                "-cp", System.getProperty("java.class.path"), "dev.reprise.tide.launcher.Launcher"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }
}
