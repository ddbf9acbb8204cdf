package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.AskTimeoutsProgram;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An ask's timeout races with its reply. A replay on a slower machine (every reply 250 ms slower
 * than the 150 ms timeout) still gets the replies the recording got, and the timeouts it got: a
 * timeout fires in replay only where the recording's completed the ask.
 */
class AskTimeoutsIT {
    @TempDir
    Path tmp;

    @Test
    void aSlowReplayKeepsTheRecordingsRepliesAndTimeouts() throws Exception {
        for (int i = 0; i < 2; i++) {
            Path trace = tmp.resolve("run" + i);
            RecordedRun rec = RecordedRun.record(trace, "include=dev.reprise.programs", AskTimeoutsProgram.class);
            assertEquals(0, rec.exitCode, rec.toString());
            assertEquals(AskTimeoutsProgram.ASKS, rec.out.size(), rec.toString());
            assertTrue(rec.out.stream().anyMatch(l -> l.startsWith("reply")), "some replies came in time: " + rec);
            for (String slower : List.of("0", "250")) {
                RecordedRun rep =
                        RecordedRun.replay(trace, List.of("-Dasks.slowReplies=" + slower), AskTimeoutsProgram.class);
                assertEquals(0, rep.exitCode, "replies " + slower + " ms slower: " + rep);
                assertEquals(rec.out, rep.out, "replies " + slower + " ms slower: " + rep.err);
                rep.assertApplicationTraceConsumed();
            }
        }
    }
}
