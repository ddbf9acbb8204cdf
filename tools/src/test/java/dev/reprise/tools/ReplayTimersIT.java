package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.stuck.ManyTimersProgram;
import dev.reprise.testsupport.Traces;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * 200,000 timers, half cancelled and half fired, a thousand at a time: the replay reproduces the
 * run and keeps only the timers pending at once (its summary says how many at most), not every
 * timer it ever saw.
 */
class ReplayTimersIT {
    @BeforeAll
    static void packaged() {
        Cli.requireJars();
    }

    @Test
    void firedAndCancelledTimersAreNotKept() throws Exception {
        Path trace = RecordedPrograms.folder("replay-timers").resolve("trace");
        Cli.Result recorded = RecordedPrograms.record(trace, ManyTimersProgram.class);
        assertTrue(recorded.out().contains("fired 100000 timers"), recorded::toString);

        Cli.Result replayed = RecordedPrograms.replay(trace, List.of(), ManyTimersProgram.class);
        assertEquals(0, replayed.exit(), replayed::toString);
        assertTrue(replayed.out().startsWith("fired 100000 timers\n"), replayed::toString); // Akka's log lines follow
        Traces.assertApplicationTraceConsumed(replayed.err());
        Matcher kept = Pattern.compile("at most (\\d+) timers kept at once").matcher(replayed.err());
        assertTrue(kept.find(), replayed::toString);
        int atMost = Integer.parseInt(kept.group(1));
        // A batch is 1,000 timers; cancelled ones go one sweep after they are seen (sweeps as the count doubles).
        assertTrue(
                atMost >= ManyTimersProgram.BATCH / 2 && atMost <= 8 * ManyTimersProgram.BATCH,
                () -> atMost + " timers kept at once of " + ManyTimersProgram.ROUNDS * ManyTimersProgram.BATCH + ": "
                        + replayed);
    }
}
