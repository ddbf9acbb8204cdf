package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code ./reprise bench agent} and {@code bench sync}, which compare configurations in JVMs run in
 * turn, as users run them (the packaged jars through the script, quick): each prints its ratios
 * with 95% intervals beside a noise floor measured in the same run, and says how its JVMs ran.
 * {@code bench fingerprints --quick} runs in CI ({@code .ci/run}).
 */
class BenchComparisonsIT {
    private static final String ESTIMATE = "[0-9.]+ \\[[0-9.]+, [0-9.]+\\]";

    @Test
    void benchAgentGivesTheRatioWithItsIntervalBesideTheNoiseFloor() {
        Cli.requireJars();
        Cli.Result r = Cli.assertSuccess(
                Cli.script(Cli.PACKAGED, "bench", "agent", "--quick", "--only", "Counting", "--rounds", "1"));
        assertTrue(
                r.out()
                        .startsWith("Agent recording cost, one dispatcher thread, 1 rounds of baseline, recorded, "
                                + "baseline again: quick parameters on C1"),
                r::toString);
        assertTrue(
                r.out().contains("record/base [95% CI]") && r.out().contains("noise base/base [95% CI]"), r::toString);
        assertTrue(
                r.out()
                        .matches("(?s).*\\nCounting +[0-9.]+ +[0-9.]+ +" + ESTIMATE + " +" + ESTIMATE
                                + " +[0-9.]+ +[0-9.]+\\n.*"),
                r::toString);
    }

    @Test
    void benchSyncGivesEachModesRatioBesideTheNoiseFloor() throws Exception {
        Cli.requireJars();
        Path out = RecordedPrograms.folder("bench-sync");
        Cli.Result r = Cli.assertSuccess(Cli.script(
                Cli.PACKAGED,
                "bench",
                "sync",
                "--quick",
                "--only",
                "Counting",
                "--pairs",
                "2",
                "--traces",
                out.resolve("traces").toString(),
                "--out",
                out.toString()));
        String report = Files.readString(out.resolve("sync.md"));
        assertTrue(
                report.contains(
                        "sync=none, interval, always, none again; quick parameters on C1, 8 iterations per JVM"),
                report);
        assertTrue(
                report.matches("(?s).*\\n\\| Counting \\| [0-9.]+ \\| " + ESTIMATE + " \\| " + ESTIMATE + " \\| "
                        + ESTIMATE + " \\| .*"),
                report);
        assertTrue(r.out().contains("Report: " + out.resolve("sync.md")), r::toString);
        for (String mode : List.of("interval/none", "always/none", "none/none")) {
            assertTrue(r.out().contains("Counting         pair 2/2") && r.out().contains(mode), () -> mode + ": " + r);
        }
    }
}
