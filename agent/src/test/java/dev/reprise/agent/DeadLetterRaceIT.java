package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.DeadLetterRaceProgram;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Akka logs dead letters by default, and which actor hands a letter to its listener races on the
 * recipient's state: the replay prints the recording's "dead letters encountered" lines in their
 * order and with their counts, on a replay whose victims are slower (so more letters come from
 * their mailboxes as they stop, fewer from their senders) too.
 */
class DeadLetterRaceIT {
    /** An Akka log line's time and thread, which no replay controls. */
    private static final Pattern TIME_AND_THREAD = Pattern.compile("\\]\\s?\\[[^\\]]*\\] \\[[^\\]]*\\] \\[");

    @TempDir
    Path tmp;

    @Test
    void theListenersLinesComeAsRecorded() throws Exception {
        for (int i = 0; i < 3; i++) {
            Path trace = tmp.resolve("run" + i);
            RecordedRun rec = RecordedRun.record(trace, "", DeadLetterRaceProgram.class);
            assertEquals(0, rec.exitCode, rec.toString());
            List<String> recorded = comparable(rec.out);
            assertTrue(recorded.stream().anyMatch(l -> l.contains("dead letters encountered")), rec.toString());
            for (String sleep : List.of("0", "3")) {
                RecordedRun rep = RecordedRun.replay(
                        trace, List.of("-Dletters.victimSleep=" + sleep), DeadLetterRaceProgram.class);
                assertEquals(0, rep.exitCode, "victims " + sleep + " ms slower: " + rep);
                assertEquals(recorded, comparable(rep.out), "victims " + sleep + " ms slower: " + rep.err);
                rep.assertApplicationTraceConsumed();
            }
        }
    }

    private static List<String> comparable(List<String> lines) {
        return lines.stream()
                .map(l -> TIME_AND_THREAD.matcher(l).replaceFirst("] ["))
                .toList();
    }
}
