package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.FirstCallsProgram;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Threads the program makes inside Scala's code (a Range's foreach) draw random numbers and read
 * the clock before they first send: they are the program's threads (not a pool's), and their calls
 * are recorded from their first instruction, so the replay prints the recording's draws, also
 * when the threads send in another order.
 */
class FirstCallsIT {
    @TempDir
    Path tmp;

    @Test
    void aThreadsCallsBeforeItsFirstSendReplay() throws Exception {
        for (int i = 0; i < 3; i++) {
            Path trace = tmp.resolve("run" + i);
            RecordedRun rec = RecordedRun.record(trace, "", FirstCallsProgram.class);
            assertEquals(0, rec.exitCode, rec.toString());
            assertEquals(2 * FirstCallsProgram.THREADS, rec.out.size(), rec.toString());
            assertTrue(rec.out.stream().anyMatch(l -> l.startsWith("main: thread 2 drew")), rec.toString());
            for (String delay : List.of("0", "40")) {
                RecordedRun rep = RecordedRun.replay(trace, List.of("-Dcalls.delay=" + delay), FirstCallsProgram.class);
                assertEquals(0, rep.exitCode, "threads held back " + delay + " ms: " + rep);
                assertEquals(rec.out, rep.out, "threads held back " + delay + " ms: " + rep.err);
                rep.assertApplicationTraceConsumed();
            }
        }
    }
}
