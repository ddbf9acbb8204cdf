package dev.reprise.tide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;
import org.graalvm.polyglot.Engine;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replay of a program changed since its recording (the same file name, other code, replayed
 * with {@code tide.ReplayChangedProgram}) stops with a report naming the actor, its event number
 * and what the trace expected, within seconds when it is stuck; without that option it is refused
 * in one line, as are other arguments, a trace that is not this program's, or not a trace. A
 * renamed copy of the program replays: a trace is matched to its program by the source text.
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
    void aRenamedCopyOfTheProgramReplays() throws IOException {
        Path copy = Files.createDirectories(dir.resolve("elsewhere")).resolve("renamed.tide");
        Files.copy(ORIGINAL, copy);
        assertEquals(recorded, TideRunner.replay(engine, copy, trace));
    }

    @Test
    void aChangedProgramIsRefusedInOneLine() throws IOException {
        Path changed = Files.createDirectories(dir.resolve("edited")).resolve(ORIGINAL.getFileName());
        Files.writeString(changed, Files.readString(ORIGINAL) + "// a comment is a change too\n");
        assertEquals(
                "error: cannot replay: " + trace + " is a trace of arrival_order.tide as it was when recorded, and the "
                        + "program has changed since (its source text differs; --allow-changed-program replays it "
                        + "anyway)\n",
                TideRunner.replay(engine, changed, trace));
    }

    @Test
    void otherArgumentsAreRefusedInOneLineThatNamesBoth() throws IOException {
        String output = TideRunner.run(
                engine,
                ORIGINAL,
                new ByteArrayInputStream(new byte[0]),
                Map.of("tide.Replay", trace.toString()),
                "3",
                "a b");
        assertEquals(
                "error: cannot replay: " + trace + " was recorded with no arguments, but this replay has the "
                        + "arguments [\"3\", \"a b\"]\n",
                output);
    }

    /**
     * Each sender sends one message fewer: the log waits for one that never comes. Either the
     * others' messages wait behind it (nothing can run: reported once the replay sees that, within
     * a second or so), or, if the recording had taken every sender's first two before any third,
     * the program ends with recorded events left.
     */
    @Test
    void aMessageThatIsNeverSentIsReported() throws IOException {
        long start = System.nanoTime();
        String report = replayChanged("fewer", "while (i < 3)", "while (i < 2)");
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 5_000, "reported after " + millis + " ms: " + report);
        assertTrue(report.contains(HEADER), report);
        assertTrue(
                Pattern.compile(
                                "first difference: actor 2 \\(Log\\)(:| waits for) .*message from actor \\d+ \\(Sender\\) "
                                        + "as its event \\d+")
                        .matcher(report)
                        .find(),
                report);
        assertTrue(
                report.contains("no actor can make progress")
                        || report.contains("the program ended, but the trace expects"),
                report);
    }

    @Test
    void aMessageBeyondTheTraceIsReported() throws IOException {
        String report = replayChanged("more", "while (i < 3)", "while (i < 4)");
        assertTrue(report.contains(HEADER + ": the program did something its trace cannot explain."), report);
        assertTrue(report.contains("first difference: actor 2 (Log): it received 1 message from actor "), report);
        // its start, then 12 lines, each a message and the print's system call
        assertTrue(report.contains("after its 25 recorded events were used up (the trace is exhausted)"), report);
    }

    @Test
    void anExtraCreationIsReported() throws IOException {
        String report = replayChanged("creation", "var log = new Log();", "var log = new Log();\nnew Log();");
        // The extra actor takes a sender's id, so the log may first print another sender's line than recorded.
        assertTrue(
                report.contains("first difference: actor 1 (main): it created an actor where the trace expects")
                        || Pattern.compile(
                                        "first difference: actor 2 \\(Log\\): it printed \"\\w \\d\" as line \\d+ of the output, "
                                                + "where the recording printed \"\\w \\d\"")
                                .matcher(report)
                                .find(),
                report);
    }

    /** The changed program's turn raises an error where the recording's went on: the report names both. */
    @Test
    void anErrorThatTheRecordingDidNotRaiseIsReported() throws IOException {
        String report = replayChanged("error", "print(line);", "print(line);\n    fail(\"broken\");");
        assertTrue(report.contains(HEADER + ": the program did something its trace cannot explain."), report);
        assertTrue(
                Pattern.compile("first difference: actor 2 \\(Log\\): its turn raised the error \"\\d+:\\d+: in actor "
                                + "2 \\(Log\\): broken\" where the trace expects message from actor \\d+ \\(Sender\\) "
                                + "as its event 4")
                        .matcher(report)
                        .find(),
                report);
    }

    @Test
    void aSystemCallWhereAMessageWasRecordedIsReported() throws IOException {
        String report = replayChanged("syscall", "print(line);", "print(line);\n    random(1);");
        assertTrue(
                report.contains(
                        "first difference: actor 2 (Log): it called random(1) where the trace expects message from actor "),
                report);
    }

    @Test
    void aSystemCallOfAnotherKindIsReported() throws IOException {
        String report = replayChanged("kind", "print(line);", "random(10);");
        assertTrue(
                report.contains(
                        "first difference: actor 2 (Log): it called random(10) where the recording made another "
                                + "system call (its value has 11 bytes)"),
                report);
    }

    /** The messages come in the recorded order, but a line differs: the replay says so before printing it. */
    @Test
    void aPrintedLineThatDiffersFromTheRecordingsIsReported() throws IOException {
        String report = replayChanged("printed", "print(line);", "print(line + \"!\");");
        assertTrue(report.contains(HEADER + ": the program did something its trace cannot explain."), report);
        assertTrue(
                Pattern.compile(
                                "first difference: actor 2 \\(Log\\): it printed \"(\\w \\d)!\" as line 1 of the output, "
                                        + "where the recording printed \"\\1\"")
                        .matcher(report)
                        .find(),
                report);
        assertTrue(report.startsWith(HEADER), "no line of the changed program is shown as the recording's: " + report);
    }

    @Test
    void aTraceOfAnotherProgramIsRefusedInOneLine() throws IOException {
        String output = TideRunner.replay(engine, Path.of("src/test/tide/counting.tide"), trace);
        assertEquals(
                "error: cannot replay: " + trace + " is a trace of arrival_order.tide, not of counting.tide\n", output);
    }

    @Test
    void aDirectoryWithoutATraceIsRefusedInOneLine() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertEquals(
                "error: cannot replay: " + empty + " holds no trace (no trace.json)\n",
                TideRunner.replay(engine, ORIGINAL, empty));
    }

    @Test
    void aTraceThatDoesNotNumberPrintedLinesIsRefusedInOneLine() throws IOException {
        Path old = dir.resolve("before-numbered-prints");
        TideRunner.record(engine, ORIGINAL, old);
        Path metadata = old.resolve("trace.json");
        String json = Files.readString(metadata);
        assertTrue(json.contains("\"tide.prints\""), json);
        Files.writeString(metadata, json.replace("\"tide.prints\"", "\"tide.unknown\""));
        assertEquals(
                "error: cannot replay: " + old + " was recorded by an earlier Tide, which did not record the order "
                        + "of printed lines; record the program again\n",
                TideRunner.replay(engine, ORIGINAL, old));
        assertTrue(json.contains("\"tide.sourceHash\""), json);
        Files.writeString(metadata, json.replace("\"tide.sourceHash\"", "\"tide.unknown\""));
        assertEquals(
                "error: cannot replay: " + old + " was recorded by an earlier Tide, which did not record the "
                        + "program's source text and arguments; record the program again\n",
                TideRunner.replay(engine, ORIGINAL, old));
        assertTrue(json.contains("\"tide.callbacks\""), json);
        Files.writeString(metadata, json.replace("\"tide.callbacks\"", "\"tide.unknown\""));
        assertEquals(
                "error: cannot replay: " + old
                        + " was recorded by an earlier Tide, which did not record which callback "
                        + "ran when two had the same sender and resolver, nor the printed lines; record the program again\n",
                TideRunner.replay(engine, ORIGINAL, old));
    }

    @Test
    void recordingOverATraceIsRefusedInOneLine() throws IOException {
        assertEquals(
                "error: cannot record into " + trace + ": the directory already holds a trace (events.rpt); "
                        + "choose another directory or delete it\n",
                TideRunner.record(engine, ORIGINAL, trace));
    }

    /**
     * Replays the trace with ORIGINAL changed (one replacement), under the same file name, with
     * {@code tide.ReplayChangedProgram}; returns what it printed.
     */
    private static String replayChanged(String what, String from, String to) throws IOException {
        String source = Files.readString(ORIGINAL);
        assertTrue(source.contains(from), from);
        Path changed = Files.createDirectories(dir.resolve(what)).resolve(ORIGINAL.getFileName());
        Files.writeString(changed, source.replace(from, to));
        return TideRunner.replayChanged(engine, changed, trace);
    }
}
