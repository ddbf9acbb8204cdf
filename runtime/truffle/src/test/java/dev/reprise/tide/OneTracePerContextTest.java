package dev.reprise.tide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceMetadata;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A context that records writes one trace for all its runs of the program (as {@code bench
 * truffle}'s JVMs run it many times), ended when the context closes; a context that replays it
 * replays those runs in turn, each to its own recorded output.
 */
class OneTracePerContextTest {
    private static final Path CHORUS = Path.of("src/test/tide/replay/chorus.tide");
    private static final Path OTHER = Path.of("src/test/tide/replay/arrival_order.tide");
    private static final int RUNS = 4;
    private static final int ACTORS_PER_RUN = 5; // the main actor and four singers

    private static Engine engine;

    @TempDir
    Path dir;

    @BeforeAll
    static void createEngine() {
        engine = Engine.create("tide");
    }

    @AfterAll
    static void closeEngine() {
        engine.close();
    }

    @Test
    void runsRecordedInOneContextReplayInTurnToTheirOwnOutputs() throws IOException {
        Path trace = dir.resolve("trace");
        Source chorus = Source.newBuilder("tide", CHORUS.toFile()).build();
        List<String> recorded = runs(chorus, "tide.Record", trace);
        assertTrue(recorded.stream().allMatch(output -> output.lines().count() == 24), recorded.toString());

        TraceAnalysis.Report report = TraceAnalysis.run(trace);
        assertTrue(report.sound(), report.problems().toString());
        assertEquals(RUNS * ACTORS_PER_RUN, report.statistics().actors(), "every run's actors have their own ids");

        assertEquals(recorded, runs(chorus, "tide.Replay", trace));
    }

    @Test
    void aReplayThatRunsFewerTimesThanRecordedSaysWhatItLeft() throws IOException {
        Path trace = dir.resolve("trace");
        Source chorus = Source.newBuilder("tide", CHORUS.toFile()).build();
        List<String> recorded = runs(chorus, "tide.Record", trace);

        ByteArrayOutputStream output = new ByteArrayOutputStream();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        try (Context context = context("tide.Replay", trace, output, errors)) {
            context.eval(chorus);
            assertEquals(recorded.get(0), output.toString(StandardCharsets.UTF_8));
            context.eval(chorus);
        }
        assertEquals(
                "warning: the replay ran 2 run(s) of the program, each as recorded, but the recording ran it further: "
                        + (RUNS - 2) * ACTORS_PER_RUN + " recorded actor(s) (ids " + (2 * ACTORS_PER_RUN + 1) + " to "
                        + RUNS * ACTORS_PER_RUN
                        + ") were never created, so their turns were not replayed. Trace: " + trace
                        + System.lineSeparator(),
                errors.toString(StandardCharsets.UTF_8));

        ByteArrayOutputStream allErrors = new ByteArrayOutputStream();
        try (Context context = context("tide.Replay", trace, new ByteArrayOutputStream(), allErrors)) {
            for (int i = 0; i < RUNS; i++) {
                context.eval(chorus);
            }
        }
        assertEquals("", allErrors.toString(StandardCharsets.UTF_8), "a replay of every run has nothing to say");
    }

    @Test
    void theTraceEndsWhenTheContextCloses() throws IOException {
        Path trace = dir.resolve("trace");
        Source chorus = Source.newBuilder("tide", CHORUS.toFile()).build();
        try (Context context = context("tide.Record", trace, new ByteArrayOutputStream())) {
            context.eval(chorus);
            assertFalse(TraceMetadata.read(trace).cleanEnd(), "a run ended, but the context may run the program again");
        }
        assertTrue(TraceMetadata.read(trace).cleanEnd());
    }

    @Test
    void aRecordingContextRefusesAnotherProgram() throws IOException {
        Path trace = dir.resolve("trace");
        try (Context context = context("tide.Record", trace, new ByteArrayOutputStream())) {
            context.eval(Source.newBuilder("tide", CHORUS.toFile()).build());
            PolyglotException e = assertThrows(
                    PolyglotException.class,
                    () -> context.eval(Source.newBuilder("tide", OTHER.toFile()).build()));
            assertEquals(
                    "this context records runs of chorus.tide into one trace; it cannot also run arrival_order.tide",
                    e.getMessage());
        }
        assertEquals(
                ACTORS_PER_RUN,
                TraceAnalysis.run(trace).statistics().actors(),
                "the trace holds the first program's run");
    }

    // RUNS runs of source in one context with the trace option; each run's output.
    private static List<String> runs(Source source, String option, Path trace) {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        List<String> outputs = new ArrayList<>();
        try (Context context = context(option, trace, output)) {
            for (int i = 0; i < RUNS; i++) {
                output.reset();
                context.eval(source);
                outputs.add(output.toString(StandardCharsets.UTF_8));
            }
        }
        return outputs;
    }

    private static Context context(String option, Path trace, ByteArrayOutputStream output) {
        return context(option, trace, output, new ByteArrayOutputStream());
    }

    private static Context context(
            String option, Path trace, ByteArrayOutputStream output, ByteArrayOutputStream errors) {
        return Context.newBuilder("tide")
                .engine(engine)
                .allowCreateThread(true)
                .option(option, trace.toString())
                .out(output)
                .err(errors)
                .build();
    }
}
