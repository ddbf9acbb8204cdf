package dev.reprise.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class TruffleReportTest {
    /** A JVM whose 20 iterations take {@code millis} each after 5 slow warm-up ones. */
    private static SavinaRun run(double millis) {
        List<Long> wall = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            wall.add((long) ((i < 5 ? 5 * millis : millis) * 1e6) + i % 3);
        }
        return new SavinaRun("T", wall, wall, wall, null);
    }

    private static TruffleReport.Entry entry(String name, double ratio, boolean recorded) {
        List<SavinaRow.Block> blocks = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            Map<SavinaArm, SavinaRun> runs = new HashMap<>(Map.of(SavinaArm.BASE, run(10)));
            if (recorded) {
                runs.put(SavinaArm.RECORD, run(10 * ratio));
            }
            blocks.add(new SavinaRow.Block(
                    runs, recorded ? run(20 * ratio) : null, recorded ? 1.25 : Double.NaN, recorded ? 1_000_000 : 0));
        }
        Map<SavinaArm, CompilationLog> logs =
                new HashMap<>(Map.of(SavinaArm.BASE, new CompilationLog(3, 30, 0, 0, 0, 0, 0)));
        if (recorded) {
            logs.put(SavinaArm.RECORD, new CompilationLog(3, 33, 0, 2, 1, 2, 1));
        }
        return new TruffleReport.Entry(
                TideBenchmark.named(name),
                new TruffleMeasurement.Result(
                        SavinaRow.of(name, "tide", blocks, List.of(), null),
                        logs,
                        recorded ? new CompilationLog(3, 31, 0, 0, 0, 0, 0) : CompilationLog.NONE,
                        recorded
                                ? new TreeMap<>(Map.of(
                                        "width.message.oneByte",
                                        3L,
                                        "sender.anySender",
                                        3L,
                                        "switch.message.sameActor+switched",
                                        3L,
                                        "switch.creation.sameActor",
                                        6L))
                                : Map.of()));
    }

    @Test
    void recordedRunsAreJudgedAgainstTheBarWithTheirEvidence() {
        List<TruffleReport.Entry> entries = List.of(entry("PingPong", 1.04, true), entry("Counting", 1.12, true));
        TruffleReport.Setup setup = new TruffleReport.Setup(false, 3, 20, 10, 1, new TideFeatures(true, true, true));
        String md = TruffleReport.markdown(entries, setup);
        assertTrue(md.contains("| PingPong | 40000 | 1.040 ["), md);
        assertTrue(md.contains("| Counting | 200000 | 1.120 ["), md);
        assertTrue(md.contains("| 1.250 |"), "bytes per message: " + md);
        assertTrue(md.contains("| 5 (0 of 6 quiet) |"), "MSER's warm-up, no JVM marked its compilers quiet: " + md);
        assertTrue(md.contains("| 2.000 [") && md.contains("all passed"), "replay/record and its checks: " + md);
        assertTrue(
                md.contains("Over 2 benchmarks: recording overhead geometric mean 1.079, maximum 1.120 (Counting): "
                        + "aims 1.10 and 1.25 met; SOMns 1.10 and 1.20 met."),
                md);
        assertTrue(
                md.contains("| PingPong | 30 compiled, 0 failed, 0 deopt, 0 invalidated, 0 width widenings, 0 switch "
                        + "respecialisations in 3 JVMs | 33 compiled, 0 failed, 2 deopt, 1 invalidated, 2 width widenings, 1 switch "
                        + "respecialisation in 3 JVMs | 31 compiled"),
                md);
        assertTrue(
                md.contains(
                        "| PingPong | message oneByte 3 | anySender 3 | creation sameActor 6, message sameActor+switched 3 |"),
                "the recorded JVMs' tracing nodes: " + md);
        String[] csv = TruffleReport.csv(entries, setup).split("\n");
        assertEquals(3, csv.length);
        assertTrue(csv[1].startsWith("PingPong,40000,3,20,10,1.040,"), csv[1]);
        assertTrue(
                csv[1].endsWith(
                        ",true,30,0,0,0,0,0,33,0,2,1,2,1,"
                                + "sender.anySender=3;switch.creation.sameActor=6;switch.message.sameActor+switched=3;width.message.oneByte=3"),
                csv[1]);
    }

    @Test
    void aTideJvmsWarmUpIsWhereItsCompilersWentQuietNotWhereItsTimesLookFlat() throws Exception {
        // Flat times from the start, so MSER would cut nothing; the JVM says its compilers worked for 30 iterations.
        List<String> lines = new ArrayList<>();
        for (int i = 1; i <= 40; i++) {
            lines.add("iteration " + i + (i <= 30 ? " warmup " : " measured ") + (10_000_000 + i % 3)
                    + " ok cpu 1 compile " + (i <= 10 ? 5_000_000 : 0));
        }
        SavinaRun run = SavinaRun.parse("PromiseRace", lines);
        assertTrue(run.warmupFromCompilers());
        assertEquals(30, SavinaRow.warmup(run));
        assertEquals(10, run.measuredNanos().size());

        // A JVM whose compilers never went quiet measured nothing: all its iterations are read and MSER cuts.
        List<String> neverQuiet = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            neverQuiet.add(
                    "iteration " + i + " warmup " + (i <= 5 ? 50_000_000 : 10_000_000 + i % 3) + " ok cpu 1 compile 9");
        }
        SavinaRun unsure = SavinaRun.parse("PromiseRace", neverQuiet);
        assertTrue(!unsure.warmupFromCompilers());
        assertEquals(20, unsure.measuredNanos().size());
        assertEquals(5, SavinaRow.warmup(unsure));
    }

    @Test
    void withoutRecordingOnlyTheFloorIsReportedAndNoOverheadClaimed() {
        List<TruffleReport.Entry> entries = List.of(entry("ThreadRing", 1.0, false));
        TruffleReport.Setup setup = new TruffleReport.Setup(true, 3, 20, 10, 1, new TideFeatures(true, false, false));
        String md = TruffleReport.markdown(entries, setup);
        assertTrue(md.contains("| ThreadRing | 100 20000 | - | 1.000 ["), md);
        assertTrue(md.contains("this build of Tide cannot record (no tide.Record option)"), md);
        assertTrue(md.contains("No recording overhead was measured"), md);
        assertTrue(md.contains("not replayed"), md);
        assertTrue(!md.contains("aims 1.10"), md);
        String row = TruffleReport.csv(entries, setup).split("\n")[1];
        assertTrue(row.startsWith("ThreadRing,100 20000,3,20,10,,,,,,,1.000,"), row);
    }

    @Test
    void theLogCountsCompilationsAndTheTransfersThroughTheWidthAndSwitchNodes() {
        CompilationLog log = CompilationLog.of(List.of(
                "[engine] opt done   engine=1  id=6     message   |Tier 1|Time 974",
                "[engine] transferToInterpreter at",
                "  dev.reprise.tide.trace.IdWidthNodeGen.execute(IdWidthNodeGen.java:65)",
                "  dev.reprise.tide.trace.RecordMessageNode.anySender(RecordMessageNode.java:36)",
                "[engine] opt deopt  engine=1  id=6     message   |",
                "[engine] transferToInterpreter at",
                "  dev.reprise.tide.nodes.actors.SendNode.execute(SendNode.java:30)",
                "[engine] opt inval. engine=1  id=6     message",
                "[engine] transferToInterpreter at",
                "  dev.reprise.tide.trace.ActorSwitchNodeGen.execute(ActorSwitchNodeGen.java:40)",
                "  dev.reprise.tide.trace.RecordCreationNode.execute(RecordCreationNode.java:18)",
                "[engine] opt failed engine=1  id=7     hi"));
        assertEquals(new CompilationLog(1, 1, 1, 1, 1, 1, 1), log);
        assertEquals(
                "2 compiled, 1 failed, 1 deopt, 1 invalidated, 1 width widening, 1 switch respecialisation in 2 JVMs",
                log.plus(CompilationLog.of(List.of("[engine] opt done   engine=1  id=2  ping")))
                        .describe());
    }
}
