package dev.reprise.hookbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceStatistics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The recorded forks of {@code ./reprise bench hooks} really record: one short fork of each
 * workload with the packaged agent, as {@link HookBench} starts it, leaves a sound trace that ended
 * cleanly and holds every message the workload processed (a few more: Akka's own and the set-up).
 */
class HookBenchIT {
    /** Messages beyond the workload's own: Akka's system actors, the ring's links, creations. */
    private static final long SLACK = 1_000;

    @TempDir
    Path tmp;

    @BeforeAll
    static void forksSeeOnlyTheProgram() {
        ForkPlan.narrowClassPathForForks();
    }

    @ParameterizedTest
    @ValueSource(strings = {"pingPong", "threadRing", "fanIn", "manySenders"})
    void aRecordedForkLeavesASoundTraceWithEveryMessage(String bench) throws Exception {
        Path jar = Path.of(System.getProperty("reprise.agent.jar", "target/reprise-agent.jar"))
                .toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), "the packaged agent is missing: " + jar + " (run mvn package first)");
        Path trace = tmp.resolve("trace");
        Path counts = tmp.resolve("counts.txt");
        ForkResult result = HookBench.runFork(ForkPlan.PROBE, bench, jar, trace, counts);
        assertTrue(result.nsPerMessage().stream().allMatch(ns -> ns > 0), result.toString());

        long processed = HookBench.messages(counts);
        assertTrue(processed >= Pacer.BATCH, "the fork processed only " + processed + " messages");
        TraceAnalysis.Report report = TraceAnalysis.run(trace);
        assertEquals(List.of(), report.problems(), "the trace does not verify");
        assertTrue(report.metadata().cleanEnd(), "the recording did not end cleanly");
        TraceStatistics stats = report.statistics();
        assertTrue(
                stats.messages() >= processed && stats.messages() <= processed + SLACK,
                "the trace holds " + stats.messages() + " messages; the workload processed " + processed);
    }
}
