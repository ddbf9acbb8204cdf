package dev.reprise.tide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code ./reprise lang run|record|replay} as users run it: the script at the repository root in
 * a child process, on the packaged module ({@code REPRISE_NO_BUILD=1}: no nested Maven build).
 * Each racy recording replays to its own output; a changed program diverges with the report and
 * exit 86; bad input gets one line and a nonzero exit, never a stack trace.
 */
class LangCommandIT {
    private static final Path ROOT = Path.of(System.getProperty("reprise.root", "../..")).toAbsolutePath().normalize();
    private static final Path PROGRAMS = ROOT.resolve("runtime/truffle/src/test/tide");
    private static final Path WORK = ROOT.resolve("runtime/truffle/target/lang-it");

    private record Result(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    @BeforeAll
    static void cleanWork() throws IOException {
        if (Files.exists(WORK)) {
            try (var files = Files.walk(WORK)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        Files.createDirectories(WORK);
    }

    @Test
    void runPrintsTheProgramsOutput() throws Exception {
        Result r = reprise("lang", "run", PROGRAMS.resolve("counting.tide").toString());
        assertEquals(0, r.exit(), r::toString);
        assertEquals(Files.readString(PROGRAMS.resolve("counting.output")), r.out(), r::toString);
    }

    @Test
    void eachRecordingOfARacyProgramReplaysToItsOutput() throws Exception {
        String program = PROGRAMS.resolve("replay/mixed.tide").toString();
        for (int i = 0; i < 3; i++) {
            Path trace = WORK.resolve("mixed-" + i);
            Result recorded = reprise("lang", "record", "--trace", trace.toString(), program);
            assertEquals(0, recorded.exit(), recorded::toString);
            assertTrue(Files.exists(trace.resolve("trace.json")), recorded::toString);
            Result replayed = reprise("lang", "replay", "--trace", trace.toString(), program);
            assertEquals(0, replayed.exit(), replayed::toString);
            assertEquals(recorded.out(), replayed.out(), "replay of recording " + i);
        }
    }

    @Test
    void aChangedProgramDivergesWithTheReportAndExit86() throws Exception {
        Path trace = WORK.resolve("arrival");
        Path original = PROGRAMS.resolve("replay/arrival_order.tide");
        assertEquals(0, reprise("lang", "record", "--trace", trace.toString(), original.toString()).exit());
        Path changed = Files.createDirectories(WORK.resolve("changed")).resolve("arrival_order.tide");
        Files.writeString(changed, Files.readString(original).replace("while (i < 3)", "while (i < 4)"));
        Result r = reprise("lang", "replay", "--trace", trace.toString(), changed.toString());
        assertEquals(86, r.exit(), r::toString);
        assertTrue(r.err().startsWith("[reprise] REPLAY DIVERGED"), r::toString);
        assertTrue(r.err().contains("first difference: actor 2 (Log): it received 1 message from actor"), r::toString);
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r);
    }

    @Test
    void aTraceOfAnotherProgramIsOneLineAndExit1() throws Exception {
        Path trace = WORK.resolve("winner");
        assertEquals(0, reprise("lang", "record", "--trace", trace.toString(), PROGRAMS.resolve("replay/winner.tide").toString()).exit());
        Result r = reprise("lang", "replay", "--trace", trace.toString(), PROGRAMS.resolve("counting.tide").toString());
        assertEquals(1, r.exit(), r::toString);
        assertEquals("error: cannot replay: " + trace + " is a trace of winner.tide, not of counting.tide\n", r.err());
    }

    @Test
    void badCommandLinesAreOneLineAndExit2() throws Exception {
        Result missing = reprise("lang", "run", WORK.resolve("nowhere.tide").toString());
        assertEquals(2, missing.exit(), missing::toString);
        assertEquals("reprise: lang run: no such program file: " + WORK.resolve("nowhere.tide") + "\n", missing.err());

        Result noTrace = reprise("lang", "replay", "--trace", WORK.resolve("no-trace").toString(),
                PROGRAMS.resolve("counting.tide").toString());
        assertEquals(2, noTrace.exit(), noTrace::toString);
        assertEquals("reprise: lang replay: " + WORK.resolve("no-trace") + " holds no trace (no trace.json)\n", noTrace.err());

        Result noDir = reprise("lang", "record", PROGRAMS.resolve("counting.tide").toString());
        assertEquals(2, noDir.exit(), noDir::toString);
        assertEquals("reprise: lang record: --trace DIR is required\n", noDir.err());
    }

    private static Result reprise(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ROOT.resolve("reprise").toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(WORK, "out", ".txt");
        Path err = Files.createTempFile(WORK, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(command).directory(WORK.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("REPRISE_NO_BUILD", "1");
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
        }
        return new Result(p.isAlive() ? -1 : p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
