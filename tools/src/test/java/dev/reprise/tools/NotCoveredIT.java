package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.samples.QueueFeed;
import dev.reprise.trace.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What the agent does not record faithfully is said when the program uses it, not found out in a
 * different replay: {@link QueueFeed} feeds a stream through Akka Streams' {@code BoundedSourceQueue}
 * in two rounds, recorded through {@code ./reprise record}. One {@code [reprise]} warning on stderr
 * names it, the program's stdout is its own, and {@code verify} and {@code stats} show the count of
 * its uses from the trace's metadata. The same program offering by message (covered) gets neither.
 */
@Tag("samples")
class NotCoveredIT {
    @BeforeAll
    static void packaged() {
        Cli.requireJars();
    }

    @Test
    void aBoundedSourceQueueIsSaidOnceAndCountedForVerifyAndStats() throws Exception {
        Path trace = RecordedPrograms.folder("not-covered").resolve("bounded");
        Cli.Result record = RecordedPrograms.record(trace, QueueFeed.class);
        assertEquals(0, record.exit(), record::toString);
        assertEquals(List.of("round 1: 1830", "round 2: 1830"), rounds(record), record::toString);
        assertFalse(record.out().contains("[reprise]"), record::toString);
        List<String> warnings = record.err()
                .lines()
                .filter(l -> l.startsWith("[reprise]") && l.contains("BoundedSourceQueue"))
                .toList();
        assertEquals(1, warnings.size(), record::toString);
        assertTrue(warnings.get(0).contains("Source.queue(bufferSize)"), warnings.get(0));

        Cli.Result verify = Cli.tools("verify", trace.toString());
        assertEquals(0, verify.exit(), verify::toString);
        assertTrue(
                verify.out().contains("NOT COVERED") && verify.out().contains("boundedSourceQueue: 2"),
                verify::toString);
        assertEquals(Map.of("boundedSourceQueue", 2L), notCovered(trace));
        Cli.Result stats = Cli.tools("stats", trace.toString());
        assertTrue(stats.out().lines().anyMatch(l -> l.matches("notCovered +boundedSourceQueue: 2")), stats::toString);
    }

    @Test
    void offersByMessageAreCoveredAndNothingIsSaid() throws Exception {
        Path trace = RecordedPrograms.folder("not-covered").resolve("by-message");
        Cli.Result record = RecordedPrograms.record(trace, QueueFeed.class, "offer-by-message");
        assertEquals(0, record.exit(), record::toString);
        assertEquals(List.of("round 1: 1830", "round 2: 1830"), rounds(record), record::toString);
        assertFalse(record.out().contains("[reprise]"), record::toString);
        assertFalse(record.err().contains("not recorded faithfully"), record::toString);
        Cli.Result verify = Cli.tools("verify", trace.toString());
        assertEquals(0, verify.exit(), verify::toString);
        assertFalse(verify.out().contains("NOT COVERED"), verify::toString);
        assertEquals(Map.of(), notCovered(trace));
    }

    /** The program's own lines (Akka's logger adds its shutdown line). */
    private static List<String> rounds(Cli.Result r) {
        return r.out().lines().filter(l -> l.startsWith("round ")).toList();
    }

    private static Map<?, ?> notCovered(Path trace) throws Exception {
        Cli.Result stats = Cli.tools("stats", trace.toString(), "--json");
        assertEquals(0, stats.exit(), stats::toString);
        Map<?, ?> counts = (Map<?, ?>) ((Map<?, ?>) Json.parse(stats.out())).get("notCovered");
        return counts;
    }
}
