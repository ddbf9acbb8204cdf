package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.samples.PooledCallbacks;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Tasks on thread pools, {@code CompletableFuture} chains, threads started by {@code main} and ask
 * callbacks that create actors and ask again ({@link PooledCallbacks}), recorded with
 * {@code ./reprise record} and replayed with {@code ./reprise replay} with pools of another size:
 * the work then runs on other threads, named otherwise and started in another order, and the
 * replay must still give every actor, temp actor and timer its recorded id and print the recorded
 * lines. Each recording is made with its own schedule (random pauses in every task and callback).
 */
@Tag("samples")
class PooledCallbacksIT {
    @BeforeAll
    static void packaged() {
        Cli.requireJars();
    }

    @Test
    void recordingsReplayIdenticallyWithPoolsOfAnotherSize() throws Exception {
        Path dir = RecordedPrograms.folder("pooled-callbacks");
        String[][] sizes = {{"4", "1"}, {"2", "5"}, {"3", "3"}};
        for (int run = 0; run < sizes.length; run++) {
            Path trace = dir.resolve("run" + run);
            String recordedSize = sizes[run][0];
            Cli.Result record = RecordedPrograms.record(trace, PooledCallbacks.class, recordedSize);
            List<String> recorded = lines(record);
            assertTrue(recorded.size() >= PooledCallbacks.LINES, record::toString);
            assertTrue(recorded.stream().anyMatch(l -> l.contains(" asked nested ")), record::toString);
            for (String replaySize : List.of(recordedSize, sizes[run][1])) {
                Cli.Result replay = RecordedPrograms.replay(
                        trace, List.of("--quiet", "20s", "--allow-changed-program"), PooledCallbacks.class, replaySize);
                String what =
                        "recorded with pools of " + recordedSize + ", replayed with " + replaySize + ": " + replay;
                assertEquals(0, replay.exit(), what);
                assertFalse(replay.err().contains("REPLAY DIVERGED"), what);
                assertEquals(recorded, lines(replay), what);
            }
        }
    }

    /** Its output without what no replay controls (Akka's log timestamps and threads). */
    private static List<String> lines(Cli.Result r) {
        return SampleRuns.normalise(r.out().lines().toList());
    }
}
