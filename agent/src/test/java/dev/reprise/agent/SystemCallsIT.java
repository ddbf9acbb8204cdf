package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.RandomnessProgram;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Randomness and time are recorded at their source, whoever asks: the application, a library
 * outside the include scope, the JDK itself. Each recording of a racy program that prints what it
 * drew is replayed, under other dispatcher settings, and must print the same lines in the same
 * order, and end normally.
 */
class SystemCallsIT {
    @TempDir
    Path tmp;

    private static final List<List<String>> SETTINGS = List.of(
            List.of(),
            List.of("-Dakka.actor.default-dispatcher.throughput=1"),
            List.of(
                    "-Dakka.actor.default-dispatcher.fork-join-executor.parallelism-min=1",
                    "-Dakka.actor.default-dispatcher.fork-join-executor.parallelism-max=1"));

    @Test
    void everyDrawOfEveryGeneratorAndClockReplaysLineForLine() throws Exception {
        Set<List<String>> recorded = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            Path trace = tmp.resolve("randomness" + i);
            RecordedRun rec = RecordedRun.record(trace, "include=dev.reprise.programs", RandomnessProgram.class);
            assertEquals(0, rec.exitCode, rec.toString());
            assertEquals(16, rec.lines("worker ").size(), rec.toString());
            assertTrue(!rec.err.contains("internal error"), rec.err);
            RecordedRun rep = RecordedRun.replay(trace, SETTINGS.get(i), RandomnessProgram.class);
            assertEquals(0, rep.exitCode, rep.toString());
            assertEquals(rec.out, rep.out, "run " + i + " replayed differently under " + SETTINGS.get(i));
            assertTrue(!rep.err.contains("internal error"), rep.err);
            recorded.add(rec.out);
        }
        assertEquals(3, recorded.size(), "every recording draws other numbers and times");
    }
}
