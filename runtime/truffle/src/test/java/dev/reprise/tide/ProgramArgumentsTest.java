package dev.reprise.tide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.junit.jupiter.api.Test;

/** A program reads its size from {@code args()}: given in-process, and after the file on the launcher's command line. */
class ProgramArgumentsTest {
    private static final Path COUNTING = Path.of("src/test/tide/savina/counting.tide");

    @Test
    void argumentsReachTheProgram() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Context context = Context.newBuilder("tide").allowCreateThread(true).out(out)
                .arguments("tide", new String[] {"3001"}).build()) {
            context.eval(Source.newBuilder("tide", COUNTING.toFile()).build());
        }
        assertEquals("Counting ok\n", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aSizeThatIsNotANumberIsAnErrorNamingIt() throws IOException {
        try (Context context = Context.newBuilder("tide").allowCreateThread(true)
                .arguments("tide", new String[] {"many"}).build()) {
            PolyglotException error = org.junit.jupiter.api.Assertions.assertThrows(PolyglotException.class,
                    () -> context.eval(Source.newBuilder("tide", COUNTING.toFile()).build()));
            assertEquals("int expects a string of an integer, got \"many\"", error.getMessage());
        }
    }

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

    private static ProcessBuilder launcher(String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI", "--upgrade-module-path=target/compiler",
                "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
                "-cp", System.getProperty("java.class.path"), "dev.reprise.tide.launcher.Launcher"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }
}
