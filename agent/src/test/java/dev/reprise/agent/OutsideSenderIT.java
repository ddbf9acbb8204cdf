package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.OutsideSenderProgram;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Outside input keeps its sender in replay: a tell from main with a listener as sender, and asks
 * from main and other threads, whose replies must reach the asker. Recorded three times (the
 * answers differ from run to run), each replayed: the output must be the recording's, line for line.
 */
class OutsideSenderIT {
    @TempDir
    Path tmp;

    @Test
    void tellsAndAsksFromOutsideReplayWithTheirSenders() throws Exception {
        Set<List<String>> recorded = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            Path trace = tmp.resolve("outside" + i);
            RecordedRun rec = RecordedRun.record(trace, "include=dev.reprise.programs", OutsideSenderProgram.class);
            assertEquals(0, rec.exitCode, rec.toString());
            assertTrue(rec.out.stream().noneMatch(l -> l.contains("failed")), rec.toString());
            RecordedRun rep = RecordedRun.replay(trace, List.of(), OutsideSenderProgram.class);
            assertEquals(0, rep.exitCode, rep.toString());
            assertEquals(rec.out, rep.out, "run " + i + " replayed differently; replay stderr: " + rep.err);
            rep.assertApplicationTraceConsumed();
            recorded.add(rec.out);
        }
        assertTrue(recorded.size() > 1, "the racy program should answer differently across runs: " + recorded);
    }
}
