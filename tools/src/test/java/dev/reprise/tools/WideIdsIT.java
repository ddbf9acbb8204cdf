package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.samples.ManyIds;
import dev.reprise.trace.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Ids never run out: {@link ManyIds} (asks, promise completions, timers, child creations, racing)
 * recorded as if it had been running for days, its id counter jumped just below 2^31 and 2^32
 * ({@code -Dreprise.test.firstId}), so the ids cross those bounds mid-run. Each recording verifies,
 * holds ids on both sides of the bound, and replays, more than once, to exactly its output. A
 * recording without the jump stores the same events in fewer bytes: small ids stay small.
 */
@Tag("samples")
class WideIdsIT {
    static final int REPLAYS = 2;
    /** Event chunks uncompressed, so that the sizes compared are those of the encoding. */
    private static final List<String> UNCOMPRESSED = List.of("-o", "compress=false");

    private static final Pattern CREATED = Pattern.compile("created (?:actor|temp actor|timer|promise) (\\d+)");

    @BeforeAll
    static void packaged() {
        Cli.requireJars();
    }

    @Test
    void idsCrossing2To31And2To32RecordVerifyAndReplayExactly() throws Exception {
        Path dir = RecordedPrograms.folder("wide-ids");
        for (long bound : new long[] {1L << 31, 1L << 32}) {
            Path trace = dir.resolve("crossing-" + bound);
            List<String> recorded = recordJumped(trace, bound - 50);
            long[] range = createdIdRange(trace);
            assertTrue(
                    range[0] < bound && range[1] >= bound,
                    "created ids from " + range[0] + " to " + range[1] + " cross " + bound);
            for (int i = 1; i <= REPLAYS; i++) {
                Cli.Result replay = RecordedPrograms.replay(trace, List.of(), ManyIds.class);
                assertEquals(0, replay.exit(), replay::toString);
                assertEquals(recorded, lines(replay), "replay " + i + " of the recording crossing " + bound);
            }
        }
    }

    @Test
    void smallIdsStaySmall() throws Exception {
        Path dir = RecordedPrograms.folder("wide-ids-sizes");
        Path small = dir.resolve("small");
        RecordedPrograms.record(small, UNCOMPRESSED, ManyIds.class);
        Path wide = dir.resolve("wide");
        recordJumped(wide, 1L << 32);
        Map<?, ?> smallStats = stats(small);
        Map<?, ?> wideStats = stats(wide);
        long smallMessages = ((Number) smallStats.get("messages")).longValue();
        long wideMessages = ((Number) wideStats.get("messages")).longValue();
        // The same program (Akka's own actors may race a message more or less)
        assertTrue(
                Math.abs(smallMessages - wideMessages) <= smallMessages / 20, smallMessages + " and " + wideMessages);
        double smallBytes = ((Number) smallStats.get("bytesPerMessage")).doubleValue();
        double wideBytes = ((Number) wideStats.get("bytesPerMessage")).doubleValue();
        assertTrue(
                smallBytes < wideBytes,
                "small ids take fewer bytes: " + smallBytes + " against " + wideBytes
                        + " bytes per message with ids above 2^32");
    }

    /** Records {@link ManyIds} with its ids starting at {@code firstId}; it must verify. Returns its output. */
    private static List<String> recordJumped(Path trace, long firstId) {
        Cli.Result record = RecordedPrograms.record(
                trace, UNCOMPRESSED, List.of("-Dreprise.test.firstId=" + firstId), ManyIds.class);
        List<String> out = lines(record);
        assertTrue(out.contains("all done"), record::toString);
        Cli.Result verify = Cli.tools("verify", trace.toString());
        assertEquals(0, verify.exit(), verify::toString);
        return out;
    }

    /** The lowest and highest id that {@code reprise inspect} shows created in the trace. */
    private static long[] createdIdRange(Path trace) {
        Cli.Result inspect = Cli.tools("inspect", trace.toString());
        assertEquals(0, inspect.exit(), inspect::toString);
        long min = Long.MAX_VALUE;
        long max = -1;
        for (Matcher m = CREATED.matcher(inspect.out()); m.find(); ) {
            long id = Long.parseLong(m.group(1));
            min = Math.min(min, id);
            max = Math.max(max, id);
        }
        return new long[] {min, max};
    }

    private static Map<?, ?> stats(Path trace) throws Exception {
        Cli.Result r = Cli.tools("stats", trace.toString(), "--json");
        assertEquals(0, r.exit(), r::toString);
        return (Map<?, ?>) Json.parse(r.out());
    }

    /** Its output without what no replay controls (Akka's log timestamps and threads). */
    private static List<String> lines(Cli.Result r) {
        return SampleRuns.normalise(r.out().lines().toList());
    }
}
