package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.samples.FailingLedger;
import dev.reprise.trace.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A run that ends in an actor's error is part of its recording: {@link FailingLedger}, whose
 * workers race until one of them fails the ledger (which one differs from run to run), recorded
 * through {@code ./reprise record} twice; {@code verify} and {@code stats} say how each run ended
 * ({@code System.exit(3)}), and three replays of each print the same lines and exit with status 3.
 * With {@code main} throwing instead, the trace says so and the replay exits with status 1.
 */
@Tag("samples")
class RunEndIT {
    @BeforeAll
    static void packaged() {
        Cli.requireJars();
    }

    @Test
    void aRunThatEndsInAnActorsErrorReplaysToItsOutputAndExitStatus() throws Exception {
        Path dir = RecordedPrograms.folder("run-end");
        for (int run = 1; run <= 2; run++) {
            Path trace = dir.resolve("run" + run);
            Cli.Result record = record(trace);
            assertEquals(3, record.exit(), record::toString);
            List<String> lines = record.out().lines().toList();
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("the ledger failed: worker")), record::toString);
            assertEquals("the system is down", lines.getLast(), record::toString);

            Cli.Result verify = Cli.tools("verify", trace.toString());
            assertEquals(0, verify.exit(), verify::toString);
            assertTrue(verify.out().contains("clean end (the run ended by System.exit(3))."), verify::toString);
            assertEquals("System.exit(3)", stats(trace).get("ended"));

            for (int i = 0; i < 3; i++) {
                Cli.Result replay = RecordedPrograms.replay(trace, List.of(), FailingLedger.class);
                assertEquals(3, replay.exit(), replay::toString);
                assertEquals(lines, replay.out().lines().toList(), replay::toString);
            }
        }
    }

    @Test
    void aMainThatThrowsIsHowTheTraceSaysItEnded() throws Exception {
        Path trace = RecordedPrograms.folder("run-end-throw").resolve("trace");
        Cli.Result record = record(trace, "throw");
        assertEquals(1, record.exit(), record::toString);
        assertEquals("main throwing an exception, exit status 1", stats(trace).get("ended"));
        Cli.Result replay = RecordedPrograms.replay(trace, List.of(), FailingLedger.class, "throw");
        assertEquals(1, replay.exit(), replay::toString);
        assertEquals(record.out(), replay.out(), replay::toString);
        assertTrue(
                replay.err().contains("Exception in thread \"main\" java.lang.IllegalStateException"),
                replay::toString);
        assertTrue(!replay.err().contains("internal error"), replay::toString);
    }

    /** {@code ./reprise record} of the program, whose exit status is its own (not 0). */
    private static Cli.Result record(Path trace, String... args) {
        List<String> cmd = new java.util.ArrayList<>(List.of(
                "record",
                "--trace",
                trace.toString(),
                "--",
                "-cp",
                SampleRuns.programClassPath(FailingLedger.class),
                FailingLedger.class.getName()));
        cmd.addAll(List.of(args));
        return Cli.script(Cli.PACKAGED, cmd.toArray(String[]::new));
    }

    private static Map<?, ?> stats(Path trace) throws Exception {
        Cli.Result stats = Cli.tools("stats", trace.toString(), "--json");
        assertEquals(0, stats.exit(), stats::toString);
        return (Map<?, ?>) Json.parse(stats.out());
    }
}
