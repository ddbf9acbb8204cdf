package dev.reprise.tide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.graalvm.polyglot.Engine;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replay of a program changed since its recording (the same file name, other code) stops with
 * a report naming the actor, its event number and what the trace expected; so does a trace that
 * is not this program's, or not a trace, with one clear line.
 */
class DivergenceTest {
    private static final Path ORIGINAL = Path.of("src/test/tide/replay/arrival_order.tide");
    private static final String HEADER = "error: [reprise] REPLAY DIVERGED";

    private static Engine engine;
    private static Path trace;
    private static String recorded;

    @TempDir
    static Path dir;

    @BeforeAll
    static void record() throws IOException {
        engine = Engine.create("tide");
        trace = dir.resolve("trace");
        recorded = TideRunner.record(engine, ORIGINAL, trace);
    }

    @AfterAll
    static void closeEngine() {
        engine.close();
    }

    @Test
    void unchangedProgramReplays() throws IOException {
        assertEquals(recorded, TideRunner.replay(engine, ORIGINAL, trace));
    }

    @Test
    void aMessageThatIsNeverSentIsWaitedForThenReported() throws IOException {
        String report = replayChanged("fewer", "while (i < 3)", "while (i < 2)");
        assertTrue(report.contains(HEADER + ": no actor can make progress"), report);
        assertTrue(report.contains("first difference: actor 2 (Log) waits for message from actor "), report);
        assertTrue(report.contains("(Sender) as its event "), report);
        assertTrue(report.contains("which has not come"), report);
        assertTrue(report.contains("in its mailbox:"), report);
    }

    @Test
    void aMessageBeyondTheTraceIsReported() throws IOException {
        String report = replayChanged("more", "while (i < 3)", "while (i < 4)");
        assertTrue(report.contains(HEADER + ": the program did something its trace cannot explain."), report);
        assertTrue(report.contains("first difference: actor 2 (Log): it received 1 message from actor "), report);
        assertTrue(report.contains("after its 13 recorded events were used up (the trace is exhausted)"), report);
    }

    @Test
    void anExtraCreationIsReported() throws IOException {
        String report = replayChanged("creation", "var log = new Log();", "var log = new Log();\nnew Log();");
        assertTrue(report.contains("first difference: actor 1 (main): it created an actor where the trace expects"), report);
    }

    @Test
    void aSystemCallWhereAMessageWasRecordedIsReported() throws IOException {
        String report = replayChanged("syscall", "print(line);", "print(line + \" \" + random(1));");
        assertTrue(report.contains("first difference: actor 2 (Log): it called random(1) where the trace expects message from actor "), report);
    }

    @Test
    void aTraceOfAnotherProgramIsRefusedInOneLine() throws IOException {
        String output = TideRunner.replay(engine, Path.of("src/test/tide/counting.tide"), trace);
        assertEquals("error: cannot replay: " + trace + " is a trace of arrival_order.tide, not of counting.tide\n", output);
    }

    @Test
    void aDirectoryWithoutATraceIsRefusedInOneLine() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertEquals("error: cannot replay: " + empty + " holds no trace (no trace.json)\n",
                TideRunner.replay(engine, ORIGINAL, empty));
    }

    @Test
    void recordingOverATraceIsRefusedInOneLine() throws IOException {
        String output = TideRunner.record(engine, ORIGINAL, trace);
        assertTrue(output.startsWith("error: cannot record into " + trace + ": "), output);
        assertEquals(1, output.lines().count(), output);
    }

    /** Replays the trace with ORIGINAL changed (one replacement), under the same file name; returns what it printed. */
    private static String replayChanged(String what, String from, String to) throws IOException {
        String source = Files.readString(ORIGINAL);
        assertTrue(source.contains(from), from);
        Path changed = Files.createDirectories(dir.resolve(what)).resolve(ORIGINAL.getFileName());
        Files.writeString(changed, source.replace(from, to));
        return TideRunner.replay(engine, changed, trace);
    }
}
