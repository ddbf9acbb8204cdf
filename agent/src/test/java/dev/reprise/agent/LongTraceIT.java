package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.PingPongProgram;
import dev.reprise.programs.ShortLivedActorsProgram;
import dev.reprise.trace.TraceFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replay keeps memory for what is live: a trace larger than the heap, or of many more actors than it holds, replays
 * whole; a heap too small for the trace's index is refused with what to do.
 */
class LongTraceIT {
    private static final String ROUNDS = "7000000";

    @TempDir
    Path tmp;

    @Test
    void aLongTraceReplaysWithAHeapFarBelowItsSize() throws Exception {
        Path trace = tmp.resolve("long");
        // Full-width (3-byte), undeflated ids make a big trace quickly: 5 to 6 bytes a message in a ping-pong, fewer
        // when the schedule keeps the pair on one thread (50 MB for 5 million rounds on one CI machine, 54 MB on
        // another).
        // Seven million rounds stay above twice the heap even at 4 bytes a message.
        RecordedRun rec = RecordedRun.record(trace, "smallIds=false,compress=false", PingPongProgram.class, ROUNDS);
        assertEquals(0, rec.exitCode, rec.toString());
        long size = Files.size(TraceFiles.events(trace));
        int heapMb = 24;
        assertTrue(
                size > 2L * heapMb * 1024 * 1024, "the trace (" + size + " bytes) must exceed twice the heap: " + rec);

        RecordedRun rep = RecordedRun.replay(trace, List.of("-Xmx" + heapMb + "m"), PingPongProgram.class, ROUNDS);
        assertEquals(0, rep.exitCode, rep.toString());
        assertEquals(ROUNDS, rep.line("rounds "));
        rep.assertApplicationTraceConsumed();
    }

    @Test
    void manyShortLivedActorsReplayInAHeapThatCouldNotHoldThemAll() throws Exception {
        Path trace = tmp.resolve("short-lived");
        RecordedRun rec = RecordedRun.record(trace, "", ShortLivedActorsProgram.class, "200000");
        assertEquals(0, rec.exitCode, rec.toString());
        assertEquals("200000", rec.line("answers "));

        // About 600 bytes per actor would be kept if finished actors were not let go: 120 MB.
        RecordedRun rep = RecordedRun.replay(trace, List.of("-Xmx64m"), ShortLivedActorsProgram.class, "200000");
        assertEquals(0, rep.exitCode, rep.toString());
        assertEquals("200000", rep.line("answers "));
        rep.assertApplicationTraceConsumed();

        // The index lives in a temporary file outside the heap: where none can be made, the replay says so and
        // what to do, and does not abort the JVM in its agent's start (a heap too small for the index's arrays
        // did: "FATAL ERROR in native method", exit code 134).
        Path noTmp = tmp.resolve("no-such-dir");
        RecordedRun small = RecordedRun.replay(
                trace, List.of("-Djava.io.tmpdir=" + noTmp), ShortLivedActorsProgram.class, "200000");
        assertEquals(2, small.exitCode, small.toString());
        assertTrue(
                small.err.contains("[reprise] cannot replay " + trace
                                + ": cannot make the trace index's temporary file in " + noTmp)
                        && small.err.contains("-Djava.io.tmpdir=DIR"),
                small.err);
        assertFalse(small.err.contains("FATAL ERROR"), small.err);
        assertFalse(small.out.contains("answers "), "the program did not run: " + small.out);
    }
}
