package dev.reprise.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SavinaReportTest {
    /** A JVM whose 20 iterations take {@code millis} each after 5 slow warm-up ones; CPU twice the wall time. */
    private static SavinaRun run(double millis, String peer) {
        List<Long> wall = new ArrayList<>();
        List<Long> cpu = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            long nanos = (long) ((i < 5 ? 5 * millis : millis) * 1e6) + i % 3; // a little jitter
            wall.add(nanos);
            cpu.add(2 * nanos);
        }
        return new SavinaRun("B", wall, wall, cpu, peer);
    }

    /** The recorded JVM's messages per iteration in {@link #row}: 10 ms per iteration is 50 ns per message. */
    private static final long MESSAGES_PER_ITERATION = 200_000;

    private static SavinaRow row(String name, String dispatcher, double ratio, boolean replayOk) {
        List<SavinaRow.Block> blocks = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            blocks.add(new SavinaRow.Block(
                    Map.of(
                            SavinaArm.BASE,
                            run(10, null),
                            SavinaArm.RECORD,
                            run(10 * ratio, null),
                            SavinaArm.JFR,
                            run(20, "peer jfr messages 1000 bytes 400000 unserializable 0")),
                    replayOk ? run(30 * ratio, null) : null,
                    1.5,
                    1_000_000,
                    20 * MESSAGES_PER_ITERATION));
        }
        return SavinaRow.of(name, dispatcher, blocks, List.of(SavinaArm.JFR), replayOk ? null : "pair 1: diverged");
    }

    @Test
    void aRowHasPairedRatiosTheFloorCpuTraceRatesReplayAndPeers() {
        SavinaRow r = row("PingPong", "single", 1.21, true);
        assertEquals(1.21, r.record().value(), 0.001);
        assertEquals(1.21, r.recordCpu().value(), 0.001);
        assertEquals(1.0, r.floor().value(), 0.001);
        assertEquals(5, r.warmup(), "MSER-5 cuts the slow batch");
        assertEquals(1.5, r.bytesPerMessage());
        assertEquals(
                1.0 / (12.1 * 15 + 5 * 5 * 12.1) * 1000,
                r.megabytesPerSecond(),
                0.01,
                "MB over the whole recorded run");
        assertEquals(3.0, r.replay().value(), 0.001);
        assertEquals(50.0, r.baseNanosPerMessage(), 0.01, "10 ms per iteration of 200,000 messages");
        assertEquals(10.5, r.addedNanosPerMessage().value(), 0.01, "a 1.21 ratio on 50 ns");
        SavinaRow.Peer jfr = r.peers().get(0);
        assertEquals("jfr", jfr.name());
        assertEquals(2.0, jfr.ratio().value(), 0.001);
        assertEquals(400.0, jfr.bytesPerMessage());
        assertTrue(r.replayPassed());
        assertNull(r.replayProblem());
    }

    @Test
    void peersAndReplaysOfTheFirstBlockAloneGiveTheirFigures() {
        List<SavinaRow.Block> blocks = new ArrayList<>();
        blocks.add(new SavinaRow.Block(
                Map.of(
                        SavinaArm.BASE,
                        run(10, null),
                        SavinaArm.RECORD,
                        run(11, null),
                        SavinaArm.JFR,
                        run(25, "peer jfr messages 1000 bytes 400000 unserializable 0")),
                run(33, null),
                1.5,
                1_000_000));
        for (int k = 1; k < 3; k++) { // --peer-pairs 1 --replay-pairs 1: baseline and recorded only
            blocks.add(new SavinaRow.Block(
                    Map.of(SavinaArm.BASE, run(10, null), SavinaArm.RECORD, run(12, null)), null, 1.5, 1_000_000));
        }
        SavinaRow r = SavinaRow.of("PingPong", "single", blocks, List.of(SavinaArm.JFR), null);
        assertEquals(1.2, r.record().value(), 0.001, "the recorded JVM of every block");
        assertTrue(
                Double.isNaN(r.baseNanosPerMessage())
                        && Double.isNaN(r.addedNanosPerMessage().value()),
                "blocks whose messages were not counted (saved by an older run) give no per-message figures");
        assertEquals(2.5, r.peers().get(0).ratio().value(), 0.001, "the peer of the first block");
        assertEquals(3.0, r.replay().value(), 0.001, "the replay of the first block, against its recording");
        assertTrue(r.replayPassed(), "a block not replayed is no failure");
        String md = SavinaReport.markdown(List.of(r), new SavinaReport.Setup(false, 3, 200, 30, true, 1, 0, 1, 1));
        assertTrue(
                md.contains(
                        " Peers run in the first block; a peer whose JVM failed or ran over 30 minutes is left out of that block (a dash where no block has it). Recordings are replayed in the first block; "),
                md);
        assertEquals("in the first 2 of the 5 blocks", SavinaReport.inBlocks(2, 5));
        assertEquals("in every block", SavinaReport.inBlocks(5, 5));
    }

    @Test
    void aPeerLeftOutOfABenchmarkIsAveragedOverTheOthers() {
        List<SavinaRow.Block> blocks = new ArrayList<>();
        for (int k = 0; k < 3; k++) { // the peer's JVM failed in every block: no peer run
            blocks.add(new SavinaRow.Block(
                    Map.of(SavinaArm.BASE, run(10, null), SavinaArm.RECORD, run(12, null)), null, 1.5, 1_000_000));
        }
        SavinaRow without = SavinaRow.of("BigContention", "default", blocks, List.of(SavinaArm.JFR), null);
        String summary = SavinaReport.summary(List.of(row("PingPong", "default", 1.1, true), without), List.of("jfr"));
        assertTrue(
                summary.contains("Peers: jfr geometric mean 2.000 over the 1 of 2 benchmarks it ran in, maximum "),
                summary);
        assertFalse(summary.contains("NaN"), summary);
        assertTrue(SavinaReport.summary(List.of(without), List.of("jfr")).contains("Peers: jfr not measured."));
    }

    @Test
    void theReportGivesIntervalsFloorsAimsAndPeers() {
        List<SavinaRow> rows = List.of(
                row("PingPong", "single", 1.44, true),
                row("Counting", "single", 1.0, true),
                row("PingPong", "default", 1.12, false));
        String md = SavinaReport.markdown(rows, new SavinaReport.Setup(false, 3, 20, 0, true, 1, 0, 3, 3));
        assertTrue(
                md.contains("## Dispatcher: one thread (pinned)")
                        && md.contains("## Dispatcher: Akka default dispatcher"),
                md);
        assertTrue(md.contains("pinned to core 0 (taskset -c 0)"), md);
        // geometric mean of 1.44 and 1.0 is 1.2
        assertTrue(
                md.contains("recording overhead geometric mean 1.200, maximum 1.440 (PingPong): aims 1.10 and 1.25 "
                        + "not met; SOMns 1.10 and 1.20 not met"),
                md);
        assertTrue(
                md.contains("geometric mean 1.120, maximum 1.120 (PingPong): aims 1.10 and 1.25 maximum met, mean not; "
                        + "SOMns 1.10 and 1.20 maximum met, mean not"),
                md);
        assertTrue(md.contains("replays passing every check: 2 of 2."), md);
        assertTrue(md.contains("replays passing every check: 0 of 1."), md);
        assertTrue(md.contains("Peers: jfr geometric mean 2.000"), md);
        assertTrue(md.contains("| jfr/base [95% CI], MB/s, B/msg |"), md);
        assertTrue(
                md.matches(
                        "(?s).*\\| PingPong \\| 1\\.440 \\[1\\.440, 1\\.440\\] \\| 1\\.000 \\[1\\.000, 1\\.000\\] \\| 0\\.0% \\(3\\) \\| "
                                + "1\\.440 \\[1\\.440, 1\\.440\\] \\| 5 \\(0/6\\) \\| 50\\.0 \\| 22\\.0 \\[22\\.0, 22\\.0\\] \\| 1\\.500 \\| [0-9.]+ \\| 3\\.000 \\| 2\\.000 \\[2\\.000, 2\\.000\\], "
                                + "[0-9.]+, 400\\.00 \\| all passed \\|.*"),
                md);
        assertTrue(md.contains("FAILED: pair 1: diverged"), md);
        assertTrue(
                md.contains(
                        "Per message: the baseline takes 50.0 to 50.0 ns (median 50.0), so the 10% aim allows 5.0 to "
                                + "5.0 ns and the 25% one 12.5 to 12.5; recording added 0.0 to 22.0 ns (median 11.0), within 25% of the "
                                + "baseline on 1 of 2 (the fastest, PingPong, allows 12.5 ns at 25%)."),
                md);
        assertFalse(md.contains("resumed"), md);
        assertTrue(
                md.contains(
                        " Peers run in every block; a peer whose JVM failed or ran over 30 minutes is left out of that block (a dash where no block has it). Recordings are replayed in every block; "),
                md);
        String resumed = SavinaReport.markdown(rows, new SavinaReport.Setup(false, 3, 20, 0, true, 1, 2, 3, 3));
        assertTrue(
                md.contains(
                        "reversed on alternate blocks. Each JVM runs 20 iterations; MSER finds the warm-up among them"),
                md);
        assertTrue(
                resumed.contains("The run was resumed (--resume): 2 of its 3 rows were measured by earlier invocations "
                        + "that stopped, with the same options and agent jar."),
                resumed);

        String quiet = SavinaReport.markdown(rows, new SavinaReport.Setup(false, 3, 200, 30, true, 1, 0, 1, 1));
        assertTrue(
                quiet.contains(
                        "Each JVM warms up until HotSpot's compilers are quiet (they worked at most 5% of the wall "
                                + "time of the last 20 iterations), then measures 30 iterations, 200 at most in all unless it is still warming up in its first 10 s of iterations;"),
                quiet);
        assertTrue(
                quiet.contains(" JVMs whose compilers were never quiet within 200 iterations: PingPong (6 of 6), "
                        + "Counting (6 of 6); their ratios may hold warm-up (a larger --iterations lets them settle)."),
                quiet);
        assertFalse(md.contains("never quiet"), "MSER alone was asked for: no JVM was to go quiet");

        String csv = SavinaReport.csv(rows);
        assertEquals(4, csv.lines().count());
        List<String> header = List.of(csv.lines().findFirst().orElseThrow().split(","));
        String[] pingPong = csv.lines().skip(1).findFirst().orElseThrow().split(",", -1);
        assertEquals(header.size(), pingPong.length);
        assertEquals("1.440", pingPong[header.indexOf("record_ratio")]);
        assertEquals("1.000", pingPong[header.indexOf("floor_ratio")]);
        assertEquals("2.000", pingPong[header.indexOf("jfr_ratio")]);
        assertEquals("", pingPong[header.indexOf("content_ratio")], "a peer not measured is empty");
        assertEquals("true", pingPong[header.indexOf("replay_passed")]);
        assertEquals("0", pingPong[header.indexOf("quiet_jvms")]);
        assertEquals("6", pingPong[header.indexOf("jvms")]);
        assertEquals("50.000", pingPong[header.indexOf("base_ns_per_message")]);
        assertEquals("22.000", pingPong[header.indexOf("added_ns_per_message")]);
        assertEquals("0.0000", pingPong[header.indexOf("base_jvm_spread")]);
        assertEquals("3", pingPong[header.indexOf("blocks_for_2pct_floor")]);

        String svg = SavinaChart.svg(rows);
        assertTrue(svg.startsWith("<svg") && svg.contains(">PingPong<") && svg.contains(">44.0<"), svg);
        assertEquals(3 * 2, svg.split("<rect").length - 1, "per benchmark and dispatcher: a floor band and a bar");
    }

    @Test
    void theSpreadBetweenBaselineJvmsSaysHowManyBlocksATwoPercentFloorTakes() {
        List<SavinaRow.Block> blocks = new ArrayList<>();
        double[] baseMillis = {10, 10.8, 9.6, 10.4, 9.2}; // JVMs that settle 4 to 8% apart
        for (double millis : baseMillis) {
            blocks.add(new SavinaRow.Block(
                    Map.of(SavinaArm.BASE, run(millis, null), SavinaArm.RECORD, run(12, null)),
                    null,
                    1.5,
                    1_000_000,
                    20 * MESSAGES_PER_ITERATION));
        }
        SavinaRow r = SavinaRow.of("ThreadRing", "single", blocks, List.of(), null);
        double[] logs = java.util.Arrays.stream(baseMillis).map(Math::log).toArray();
        double mean = java.util.Arrays.stream(logs).average().orElseThrow();
        double sd = Math.sqrt(
                java.util.Arrays.stream(logs).map(v -> (v - mean) * (v - mean)).sum() / (logs.length - 1));
        assertEquals(sd, r.baseSpread(), 1e-4, "the sample standard deviation of the log medians");
        double width =
                Math.max(Math.abs(r.floor().low() - 1), Math.abs(r.floor().high() - 1));
        assertTrue(width > 0.05, "four A/A pairs of JVMs that far apart: " + r.floor());
        assertEquals(
                Math.ceil(4 * Math.pow(width / 0.02, 2)) + 1, r.blocksForFloor(0.02), "the floor narrows as 1/sqrt(n)");
        assertTrue(r.blocksForFloor(0.02) > 20, "far more blocks than five");
        String summary = SavinaReport.spreadSummary(List.of(r));
        assertTrue(
                summary.contains(String.format(java.util.Locale.ROOT, "spread %.1f to %.1f%%", 100 * sd, 100 * sd)),
                summary);
        assertTrue(summary.contains("against 5 here"), summary);
        SavinaRow two = SavinaRow.of("ThreadRing", "single", blocks.subList(0, 2), List.of(), null);
        assertTrue(
                Double.isNaN(two.baseSpread()) && Double.isNaN(two.blocksForFloor(0.02)),
                "two blocks say nothing of it");
        assertEquals("", SavinaReport.spreadSummary(List.of(two)));
    }

    @Test
    void aFailedJvmIsReportedByItsFirstErrorLineAndAnExceptionsRootCause() {
        assertEquals(
                "[reprise] cannot replay /t: the index does not fit",
                SavinaRun.headline("[reprise] cannot replay /t: the index does not fit\nmore"));
        assertEquals(
                "Exception in thread \"main\" java.lang.reflect.InvocationTargetException, caused by "
                        + "java.lang.OutOfMemoryError: Java heap space",
                SavinaRun.headline("""
                Exception in thread "main" java.lang.reflect.InvocationTargetException
                \tat java.base/jdk.internal.reflect.DirectMethodHandleAccessor.invoke(DirectMethodHandleAccessor.java:119)
                Caused by: java.lang.OutOfMemoryError: Java heap space
                \tat java.base/java.util.Arrays.copyOf(Arrays.java:3619)
                FATAL ERROR in native method: processing of -javaagent failed"""));
        assertEquals("no error output", SavinaRun.headline(""));
    }

    @Test
    void childOutputIsParsedWithCpuTimeAndThePeerLine() throws IOException {
        SavinaRun r = SavinaRun.parse(
                "PingPong",
                List.of(
                        "# savina benchmark PingPong ...",
                        "iteration 1 warmup 30 ok cpu 40",
                        "iteration 2 measured 10 ok cpu 20",
                        "summary PingPong measured 1 median 10 min 10 max 10",
                        "peer jfr messages 5 bytes 100 unserializable 0"));
        assertEquals(List.of(10L), r.measuredNanos());
        assertEquals(List.of(30L, 10L), r.allNanos());
        assertEquals(List.of(40L, 20L), r.allCpuNanos());
        assertEquals("peer jfr messages 5 bytes 100 unserializable 0", r.peer());
        assertThrows(IOException.class, () -> SavinaRun.parse("PingPong", List.of("iteration 1 warmup 30 ok cpu 1")));

        // SavinaMain --until-quiet: the JVM marks its warm-up by its compilers
        SavinaRun quiet = SavinaRun.parse(
                "PingPong",
                List.of(
                        "iteration 1 warmup 30 ok cpu 40 compile 9",
                        "iteration 2 warmup 12 ok cpu 20 compile 0",
                        "iteration 3 measured 10 ok cpu 20 compile 0"));
        assertTrue(quiet.warmupFromCompilers());
        assertEquals(2, SavinaRow.warmup(quiet));
    }
}
