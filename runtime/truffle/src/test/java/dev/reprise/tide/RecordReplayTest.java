package dev.reprise.tide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceFiles;
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
 * recording is replayed twice to exactly its own output, whichever interleaving it caught.
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
                "replay/late_callbacks"
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
}
