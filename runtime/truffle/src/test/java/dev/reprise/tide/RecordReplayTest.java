package dev.reprise.tide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.graalvm.polyglot.Engine;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Records and replays the test programs on the compiled engine. Every program with an expected
 * output prints it when recorded, its trace is sound (the checks of {@code ./reprise verify}),
 * and it prints it again when replayed (with an empty standard input: what it reads comes from
 * the trace). The racy programs are recorded several times, with the workers'
 * schedule perturbed (the surefire configuration sets {@code tide.perturbSchedule}), and each
 * recording is replayed twice to exactly its own output, whichever interleaving it caught; so is
 * each recording of a run that an actor's error ended, three times, error included.
 */
@Tag("slow") // takes more than 5 s: left out of ./reprise test --fast
class RecordReplayTest {
    private static final Path PROGRAMS = Path.of("src/test/tide");
    private static final int RECORDINGS = 3;
    private static final int REPLAYS = 2;

    private static Engine engine;

    @TempDir
    static Path traces;

    @BeforeAll
    static void createEngine() {
        engine = Engine.create("tide");
        assertNotEquals(
                "Interpreted",
                engine.getImplementationName(),
                "recording and replay are tested on the compiled engine");
    }

    @AfterAll
    static void closeEngine() {
        engine.close();
    }

    @TestFactory
    Stream<DynamicTest> everyProgramReplaysItsRecordedOutput() throws IOException {
        List<Path> files;
        try (Stream<Path> listing = Files.list(PROGRAMS)) {
            files = listing.filter(p -> p.toString().endsWith(".tide")).sorted().toList();
        }
        return files.stream()
                .map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
                    String name = file.getFileName().toString().replaceFirst("\\.tide$", "");
                    String expected = Files.readString(PROGRAMS.resolve(name + ".output"));
                    Path trace = traces.resolve("all-" + name);
                    assertEquals(expected, TideRunner.record(engine, file, trace), "recording " + name);
                    if (!Files.exists(TraceFiles.metadata(trace))) {
                        // It never ran (a parse error): there is nothing to replay.
                        assertTrue(expected.startsWith("error: "), "no trace was written for " + name);
                        return;
                    }
                    TraceAnalysis.Report report = TraceAnalysis.run(trace); // what ./reprise verify checks
                    assertTrue(report.sound(), "the trace of " + name + " is not sound: " + report.problems());
                    assertEquals(expected, TideRunner.replay(engine, file, trace), "replaying " + name);
                }));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "racy_total",
                "promise_race",
                "replay/arrival_order",
                "replay/winner",
                "replay/mixed",
                "replay/chorus",
                "replay/late_callbacks",
                "replay/timer_race"
            })
    void eachRecordingOfARacyProgramReplaysToItsOwnOutput(String name) throws IOException {
        Path file = PROGRAMS.resolve(name + ".tide");
        Set<String> distinct = new LinkedHashSet<>();
        List<String> recorded = new ArrayList<>();
        for (int r = 0; r < RECORDINGS; r++) {
            Path trace = traces.resolve(name.replace('/', '-') + "-" + r);
            String output = TideRunner.record(engine, file, trace);
            assertTrue(
                    !output.isEmpty() && !output.contains("error:"),
                    "recording " + r + " of " + name + " printed:\n" + output);
            recorded.add(output);
            distinct.add(output);
            for (int replay = 0; replay < REPLAYS; replay++) {
                assertEquals(
                        output,
                        TideRunner.replay(engine, file, trace),
                        "replay " + replay + " of recording " + r + " of " + name);
            }
        }
        System.out.println(name + ": " + distinct.size() + " different outputs in " + RECORDINGS
                + " recordings, each replayed " + REPLAYS + " times to its own");
    }

    /**
     * One actor's error ends the run while others print: each recording is replayed three times
     * to exactly its own output, the lines the others printed before the run stopped and then the
     * error, which the replay raises only after every other actor has caught up with it.
     */
    @Test
    void eachRecordingOfARunThatAnErrorEndedReplaysToItsOutputAndError() throws IOException {
        Path file = PROGRAMS.resolve("replay/error_race.tide");
        Set<String> distinct = new LinkedHashSet<>();
        for (int r = 0; r < RECORDINGS; r++) {
            Path trace = traces.resolve("error_race-" + r);
            String output = TideRunner.record(engine, file, trace);
            assertTrue(
                    output.endsWith("\nerror: error_race.tide:29:21: in actor 5 (Breaker): index 3 out of bounds for "
                            + "length 3\n"),
                    "recording " + r + " printed:\n" + output);
            TraceMetadata metadata = TraceMetadata.read(trace);
            assertEquals("an uncaught error in a turn of actor 5, exit status 1", metadata.endedText());
            distinct.add(output);
            for (int replay = 0; replay < 3; replay++) {
                assertEquals(
                        output,
                        TideRunner.replay(engine, file, trace),
                        "replay " + replay + " of recording " + r + " of error_race");
            }
        }
        System.out.println("error_race: " + distinct.size() + " different outputs in " + RECORDINGS
                + " recordings, each replayed 3 times to its own");
    }
}
