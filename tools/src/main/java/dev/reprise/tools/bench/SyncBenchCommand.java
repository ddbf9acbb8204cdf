package dev.reprise.tools.bench;

import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceMetadata;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code reprise bench sync}: what forcing the trace to disk costs on Savina. Per benchmark,
 * {@code --pairs} times in turn, each in its own JVM: a recording with {@code sync=none} (A), one
 * with {@code interval}, one with {@code always}, and another with {@code none} (A'). Reports the
 * medians of the paired time ratios to A with bootstrap 95% intervals, beside the noise floor A'/A,
 * and from the traces' metadata how often the writer forced the files and how long a force took.
 */
@Command(
        name = "sync",
        mixinStandardHelpOptions = true,
        description = "What sync=interval and sync=always cost on Savina against sync=none: paired time ratios with "
                + "95%% intervals beside the noise floor, forces per second and time per force.")
final class SyncBenchCommand implements Callable<Integer> {
    @CommandLine.Mixin
    SavinaLaunchOptions launch;

    @Option(names = "--quick", description = "Small parameters, few iterations, 3 pairs.")
    boolean quick;

    @Option(
            names = "--only",
            split = ",",
            paramLabel = "NAME",
            description =
                    "Only these benchmarks (default: PingPong, ThreadRing, Counting, BigContention, the heaviest writers).")
    List<String> only;

    @Option(names = "--pairs", description = "Rounds of the four recordings per benchmark (default 5, quick 3).")
    Integer pairs;

    @Option(
            names = "--traces",
            paramLabel = "DIR",
            description = "Where the traces are recorded, on the disk to measure (default: the temporary directory; "
                    + "a tmpfs has nothing to force).")
    Path traces;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            defaultValue = "savina-report",
            description = "Where sync.md goes (default: ${DEFAULT-VALUE}).")
    Path out;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private static final List<String> DEFAULT_BENCHMARKS =
            List.of("PingPong", "ThreadRing", "Counting", "BigContention");

    /** What one recording did: its iterations, its forces, the time they took, how long it recorded and how much. */
    record Recording(SavinaRun run, long syncs, long syncMicros, double seconds, long bytes) {}

    /** One benchmark's figures over the pairs; {@code interval} and {@code always} are each mode's recordings. */
    record Row(
            String benchmark,
            List<Double> intervalRatios,
            List<Double> alwaysRatios,
            List<Double> floor,
            List<Recording> interval,
            List<Recording> always) {}

    @Override
    public Integer call() throws Exception {
        PrintWriter console = spec.commandLine().getOut();
        List<String> benchmarks = only == null ? DEFAULT_BENCHMARKS : only;
        SavinaBenchCommand.requireKnown(benchmarks, spec.commandLine());
        int n = pairs != null ? pairs : quick ? 3 : 5;
        if (n < 2) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--pairs must be at least 2");
        }
        SavinaJvms jvms = new SavinaJvms(launch.setup(), quick, "default");
        Files.createDirectories(out);
        Path under = traces != null ? traces : Path.of(System.getProperty("java.io.tmpdir"));
        Files.createDirectories(under);
        String fileSystem = Files.getFileStore(under).type();
        List<Row> rows = new ArrayList<>();
        for (String bench : benchmarks) {
            Row row = new Row(
                    bench,
                    new ArrayList<>(),
                    new ArrayList<>(),
                    new ArrayList<>(),
                    new ArrayList<>(),
                    new ArrayList<>());
            for (int i = 1; i <= n; i++) {
                Path dir = Files.createTempDirectory(under, "reprise-sync");
                try {
                    Recording none = record(jvms, bench, dir.resolve("none"), "none");
                    Recording interval = record(jvms, bench, dir.resolve("interval"), "interval");
                    Recording always = record(jvms, bench, dir.resolve("always"), "always");
                    Recording again = record(jvms, bench, dir.resolve("none-again"), "none");
                    row.intervalRatios().add(SavinaJvms.ratio(interval.run(), none.run()));
                    row.alwaysRatios().add(SavinaJvms.ratio(always.run(), none.run()));
                    row.floor().add(SavinaJvms.ratio(again.run(), none.run()));
                    row.interval().add(interval);
                    row.always().add(always);
                } finally {
                    Stats.deleteTree(dir);
                }
                console.printf(
                        Locale.ROOT,
                        "%-16s pair %d/%d  interval/none %.3f  always/none %.3f  none/none %.3f%n",
                        bench,
                        i,
                        n,
                        row.intervalRatios().get(i - 1),
                        row.alwaysRatios().get(i - 1),
                        row.floor().get(i - 1));
                console.flush();
            }
            rows.add(row);
        }
        String report = report(rows, n, jvms.method(), under + " (" + fileSystem + ")");
        Files.writeString(out.resolve("sync.md"), report, StandardCharsets.UTF_8);
        console.print(report);
        console.println("Report: " + out.resolve("sync.md"));
        return 0;
    }

    private static Recording record(SavinaJvms jvms, String bench, Path trace, String sync)
            throws IOException, InterruptedException {
        SavinaRun run = jvms.run(bench, "record,sync=" + sync + ",trace=" + trace);
        TraceMetadata m = TraceMetadata.read(trace);
        long bytes = Files.size(TraceFiles.events(trace)) + Files.size(TraceFiles.data(trace));
        return new Recording(run, m.count("syncs"), m.count("syncMicros"), m.durationSeconds(), bytes);
    }

    private static String report(List<Row> rows, int n, String method, String traces) {
        StringBuilder sb = new StringBuilder("# Savina: what sync costs\n\n");
        sb.append(String.format(
                Locale.ROOT,
                "Default dispatcher; %d pairs per benchmark, each four recordings in turn in "
                        + "separate JVMs: sync=none, interval, always, none again; %s. "
                        + "Ratios are medians of the pairs to the first none, with a bootstrap 95%% "
                        + "interval; none/none is the noise floor. Trace MB/s and forces per second are over the whole recording "
                        + "(start-up and warm-up included); "
                        + "ms per force is the writer's mean time in fdatasync of the events and data files. Traces in %s. "
                        + "Machine: %s.%n%n",
                n,
                method,
                traces,
                Machine.describe()));
        sb.append("| benchmark | trace MB/s | interval/none [95% CI] | always/none [95% CI] | noise none/none [95% CI] "
                + "| interval: forces/s, ms/force | always: forces/s, ms/force |\n");
        sb.append("|---|---|---|---|---|---|---|\n");
        List<Double> intervals = new ArrayList<>();
        List<Double> alwayses = new ArrayList<>();
        List<Double> floors = new ArrayList<>();
        for (Row r : rows) {
            intervals.add(Stats.median(r.intervalRatios()));
            alwayses.add(Stats.median(r.alwaysRatios()));
            floors.add(Stats.median(r.floor()));
            sb.append(String.format(
                    Locale.ROOT,
                    "| %s | %.2f | %s | %s | %s | %s | %s |%n",
                    r.benchmark(),
                    megabytesPerSecond(r.interval()),
                    withInterval(r.intervalRatios()),
                    withInterval(r.alwaysRatios()),
                    withInterval(r.floor()),
                    forces(r.interval()),
                    forces(r.always())));
        }
        sb.append(String.format(
                Locale.ROOT,
                "%nGeometric mean of the medians over %d benchmarks: interval/none %.3f, "
                        + "always/none %.3f; noise floor %.3f.%n",
                rows.size(),
                Stats.geometricMean(intervals),
                Stats.geometricMean(alwayses),
                Stats.geometricMean(floors)));
        return sb.toString();
    }

    private static String withInterval(List<Double> ratios) {
        return Stats.bootstrapMedian(ratios).toString();
    }

    private static double megabytesPerSecond(List<Recording> runs) {
        long bytes = runs.stream().mapToLong(Recording::bytes).sum();
        return bytes / 1e6 / runs.stream().mapToDouble(Recording::seconds).sum();
    }

    private static String forces(List<Recording> runs) {
        long syncs = runs.stream().mapToLong(Recording::syncs).sum();
        long micros = runs.stream().mapToLong(Recording::syncMicros).sum();
        double seconds = runs.stream().mapToDouble(Recording::seconds).sum();
        return String.format(Locale.ROOT, "%.1f, %.2f", syncs / seconds, syncs == 0 ? 0 : micros / 1000.0 / syncs);
    }
}
