package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.reprise.replay.Replay;
import dev.reprise.replay.junit.ReplayTrace;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The JUnit 5 extension: a recording replayed by calling the program's main in this test JVM. */
class ReplayExtensionIT {
    static final Path TRACE = Path.of("target/extension-trace");
    static String recorded;

    @BeforeAll
    static void record() throws Exception {
        if (Files.exists(TRACE)) {
            try (var files = Files.walk(TRACE)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        RecordedRun run = RecordedRun.record(
                TRACE,
                "include=dev.reprise.programs",
                Class.forName("dev.reprise.programs.RacyProgram", false, ReplayExtensionIT.class.getClassLoader()));
        assertEquals(0, run.exitCode, run.toString());
        recorded = run.line("result ");
    }

    @Test
    @ReplayTrace("target/extension-trace")
    void theProgramReplaysInTheTestsOwnJvm() throws Throwable {
        PrintStream out = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            // Loaded only now, after the extension attached the agent.
            Class.forName("dev.reprise.programs.RacyProgram")
                    .getMethod("main", String[].class)
                    .invoke(null, (Object) new String[0]);
        } finally {
            System.setOut(out);
        }
        String result = captured.toString(StandardCharsets.UTF_8)
                .lines()
                .filter(l -> l.startsWith("result "))
                .findFirst()
                .orElseThrow()
                .substring("result ".length());
        assertEquals(recorded, result, "replayed in this JVM");
        assertEquals(TRACE.toAbsolutePath().normalize(), Replay.current().directory());
    }
}
