package dev.reprise.tools.bench;

import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceMetadata;
import dev.reprise.trace.TraceStatistics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One Tide benchmark measured by {@code bench truffle}: blocks of JVMs in the given orders, each
 * running until its compilers are quiet and then a fixed number of measured iterations; each
 * recorded JVM's trace (one for all its iterations) sized, its tracing nodes' final specialisations
 * read from its metadata, and replayed; every JVM's compilation log read.
 */
final class TruffleMeasurement {
    /** The prefix of the trace metadata's counts of tracing nodes by specialisation (Tide's {@code TracingCensus}). */
    static final String NODES = "tide.nodes.";

    /**
     * The row for the report, the compilation logs of each arm and of the replays, and the recorded
     * JVMs' tracing nodes by final specialisation (key without {@link #NODES}: count summed over JVMs).
     */
    record Result(
            SavinaRow row,
            Map<SavinaArm, CompilationLog> compilations,
            CompilationLog replayCompilations,
            Map<String, Long> recordedNodes) {}

    private final TideLaunch launch;
    private final boolean quick;
    private final int iterations;
    private final int measured;
    private final BenchProgress progress;

    /**
     * @param iterations the most iterations an untraced or recorded JVM runs
     * @param measured the iterations it measures once its compilers are quiet, then it stops
     */
    TruffleMeasurement(TideLaunch launch, boolean quick, int iterations, int measured, BenchProgress progress) {
        this.launch = launch;
        this.quick = quick;
        this.iterations = iterations;
        this.measured = measured;
        this.progress = progress;
    }

    /**
     * Runs the blocks; a failed untraced or recorded JVM stops the benchmark with its error, a failed
     * replay is reported in the row.
     *
     * @param replay whether to replay each recording
     * @param orders each block's order of arms (see {@link BlockOrder})
     */
    Result measure(TideBenchmark bench, boolean replay, List<List<SavinaArm>> orders)
            throws IOException, InterruptedException {
        List<SavinaRow.Block> blocks = new ArrayList<>();
        Map<SavinaArm, CompilationLog> compilations = new EnumMap<>(SavinaArm.class);
        CompilationLog replayCompilations = CompilationLog.NONE;
        Map<String, Long> recordedNodes = new TreeMap<>();
        String problem = null;
        for (int k = 0; k < orders.size(); k++) {
            Path dir = Files.createTempDirectory("reprise-truffle");
            try {
                Path trace = dir.resolve("trace");
                Map<SavinaArm, SavinaRun> runs = new EnumMap<>(SavinaArm.class);
                String block = "pair " + (k + 1) + "/" + orders.size();
                for (SavinaArm arm : orders.get(k)) {
                    progress.step(bench.name() + ": " + label(arm) + ", " + block);
                    Path log = dir.resolve(arm.label() + ".log");
                    List<String> flag = new ArrayList<>(List.of("--until-quiet", Integer.toString(measured)));
                    if (arm == SavinaArm.RECORD) {
                        flag.addAll(List.of("--record", trace.toString()));
                    }
                    runs.put(arm, run(bench, " (" + label(arm) + ")", iterations, flag, log));
                    compilations.merge(arm, CompilationLog.read(log), CompilationLog::plus);
                    progress.done(1);
                }
                SavinaRun replayed = null;
                double bytesPerMessage = Double.NaN;
                long traceBytes = 0;
                if (runs.containsKey(SavinaArm.RECORD)) {
                    TraceTotals total = totals(trace);
                    bytesPerMessage =
                            total.messages() == 0 ? Double.NaN : (double) total.eventBytes() / total.messages();
                    traceBytes = total.eventBytes() + total.dataBytes();
                    TraceMetadata.read(trace).counts().forEach((key, n) -> {
                        if (key.startsWith(NODES)) {
                            recordedNodes.merge(key.substring(NODES.length()), n, Long::sum);
                        }
                    });
                    if (replay) {
                        progress.step(bench.name() + ": replay of the recorded JVM's trace, " + block);
                        Path log = dir.resolve("replay.log");
                        try {
                            // as many runs as were recorded, however many that JVM needed to go quiet
                            int recorded = runs.get(SavinaArm.RECORD).allNanos().size();
                            replayed = run(bench, " (replayed)", recorded, List.of("--replay", trace.toString()), log);
                        } catch (IOException e) {
                            problem = block + ": "
                                    + e.getMessage().lines().findFirst().orElse("");
                        }
                        if (Files.exists(log)) {
                            replayCompilations = replayCompilations.plus(CompilationLog.read(log));
                        }
                        progress.done(1);
                    }
                }
                blocks.add(new SavinaRow.Block(runs, replayed, bytesPerMessage, traceBytes));
            } finally {
                Stats.deleteTree(dir);
            }
        }
        return new Result(
                SavinaRow.of(bench.name(), "tide", blocks, List.of(), problem),
                compilations,
                replayCompilations,
                recordedNodes);
    }

    static String label(SavinaArm arm) {
        return arm == SavinaArm.RECORD ? "recorded" : "untraced";
    }

    private SavinaRun run(TideBenchmark bench, String how, int iterations, List<String> flags, Path log)
            throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("--compilation-log", log.toString()));
        args.addAll(launch.arguments(bench, quick, iterations, flags));
        return SavinaRun.exec(bench.name(), how, launch.command(List.of(), args));
    }

    /** What the trace of one recorded JVM holds. */
    private record TraceTotals(long messages, long eventBytes, long dataBytes) {}

    // The recorded JVM's trace: TideBenchMain records all its iterations into one.
    private static TraceTotals totals(Path trace) throws IOException {
        TraceStatistics s = TraceAnalysis.run(trace).statistics();
        return new TraceTotals(s.messages(), s.eventBytes(), s.dataBytes());
    }
}
