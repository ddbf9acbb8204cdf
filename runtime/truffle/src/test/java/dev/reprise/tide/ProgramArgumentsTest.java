package dev.reprise.tide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.testsupport.ChildProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher gives a program the words after its file as {@code args()} (in-process runs get
 * them from NAME.args, see {@link TideRunner}), except its own options, which may come after the
 * file too, unless they follow {@code --}. This test starts no engine in the test JVM: the
 * engine's TraceTransferToInterpreter option is initialised once per JVM by its first engine, and
 * TracingCompilationTest needs it.
 */
@Tag("slow") // starts JVMs: left out of ./reprise test --fast
class ProgramArgumentsTest {
    private static final Path COUNTING = Path.of("src/test/tide/savina/counting.tide");

    @Test
    void theLauncherPassesTheWordsAfterTheFile() {
        ChildProcess.Result r = launcher(COUNTING.toString(), "2500").run();
        assertFalse(r.timedOut(), r::toString);
        assertEquals("Counting ok\n", r.out(), r.err());
        assertEquals(0, r.exit(), r.err());

        ChildProcess.Result bad = launcher(COUNTING.toString(), "2.5").run();
        assertFalse(bad.timedOut(), bad::toString);
        assertEquals(1, bad.exit());
        assertEquals(
                "error: counting.tide:6:7: in actor 1 (main): int expects a string of an integer, got \"2.5\"\n",
                bad.err());
    }

    /** The launcher's options are taken before or after the file; the other words after the file are the program's. */
    @Test
    void optionsComeBeforeOrAfterTheFileAndTheOtherWordsAreTheProgramsArguments(@TempDir Path dir) {
        String trace = dir.resolve("trace").toString();
        for (List<String> args : List.of(
                List.of("--record", trace, COUNTING.toString(), "1234"),
                List.of(COUNTING.toString(), "1234", "--replay", trace),
                List.of(COUNTING.toString(), "--replay=" + trace, "--", "1234"))) {
            ChildProcess.Result r = launcher(args.toArray(String[]::new)).run();
            assertFalse(r.timedOut(), r::toString);
            assertEquals("Counting ok\n", r.out(), args + ": " + r.err());
            assertEquals(0, r.exit(), args + ": " + r.err());
        }
    }

    /** After {@code --}, even our options' names are the program's words; a wrong command line is one line and exit 2. */
    @Test
    void wordsAfterTheSeparatorAreAllTheProgramsAndBadCommandLinesExit2() {
        ChildProcess.Result r = launcher(COUNTING.toString(), "--", "--record").run();
        assertEquals(1, r.exit(), r::toString);
        assertEquals(
                "error: counting.tide:6:7: in actor 1 (main): int expects a string of an integer, got \"--record\"\n",
                r.err());

        ChildProcess.Result twice =
                launcher("--record", "a", COUNTING.toString(), "--record", "b").run();
        assertEquals(2, twice.exit(), twice::toString);
        assertTrue(twice.err().startsWith("error: --record is given twice\nusage: Launcher "), twice::toString);

        ChildProcess.Result noDir = launcher(COUNTING.toString(), "--replay").run();
        assertEquals(2, noDir.exit(), noDir::toString);
        assertTrue(noDir.err().startsWith("error: --replay needs a trace directory\n"), noDir::toString);
    }

    /** The Tide launcher in a JVM of its own, compiled by Graal as ./reprise lang runs it. */
    private static ChildProcess launcher(String... args) {
        return ChildProcess.java()
                .jvmOptions(
                        "-XX:+UnlockExperimentalVMOptions",
                        "-XX:+EnableJVMCI",
                        "--upgrade-module-path=target/compiler",
                        "--enable-native-access=ALL-UNNAMED")
                .classPath(System.getProperty("java.class.path"))
                .main("dev.reprise.tide.launcher.Launcher", args)
                .timeout(Duration.ofSeconds(60));
    }
}
