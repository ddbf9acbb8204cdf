package dev.reprise.tools.bench;

import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceStatistics;
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
 * {@code reprise bench fingerprints}: what the recorded fingerprints cost on Savina. Per benchmark,
 * {@code --pairs} times in turn: a recording without fingerprints (A), one with (B), and another
 * without (A'), each in its own JVM. Reports the bytes per message with and without, the median of
 * the paired time ratios B/A with a bootstrap 95% interval, and beside it the noise floor: the
 * same for A'/A, two identical configurations.
 */
@Command(
        name = "fingerprints",
        mixinStandardHelpOptions = true,
        description = "What fingerprints cost on Savina: recordings without, with, and without again, in turn; "
                + "bytes per message and paired time ratios with 95%% intervals, beside the noise floor.")
final class FingerprintBenchCommand implements Callable<Integer> {
    @CommandLine.Mixin
    SavinaLaunchOptions launch;

    @Option(
            names = "--quick",
            description = "Small parameters, few iterations, 3 pairs: a harness check (about 5 minutes for all).")
    boolean quick;

    @Option(names = "--only", split = ",", paramLabel = "NAME", description = "Only these benchmarks.")
    List<String> only;

    @Option(names = "--pairs", description = "Rounds of the three recordings per benchmark (default 5, quick 3).")
    Integer pairs;

    @Option(
            names = "--dispatcher",
            defaultValue = "single",
            description =
                    "single (one dispatcher thread, as the SOMns paper measures) or default (default: ${DEFAULT-VALUE}).")
    String dispatcher;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            defaultValue = "savina-report",
            description = "Where fingerprints.md goes (default: ${DEFAULT-VALUE}).")
    Path out;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** One benchmark's figures. */
    record Row(String benchmark, double bytesOff, double bytesOn, List<Double> onOff, List<Double> offOff) {}

    @Override
    public Integer call() throws Exception {
        PrintWriter console = spec.commandLine().getOut();
        List<String> benchmarks = only == null ? SavinaBenchCommand.ALL : only;
        SavinaBenchCommand.requireKnown(benchmarks, spec.commandLine());
        if (!dispatcher.equals("single") && !dispatcher.equals("default")) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--dispatcher: expected single or default, was '" + dispatcher + "'");
        }
        int n = pairs != null ? pairs : quick ? 3 : 5;
        if (n < 2) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--pairs must be at least 2");
        }
        SavinaJvms jvms = new SavinaJvms(launch.setup(), quick, dispatcher);
        Files.createDirectories(out);
        List<Row> rows = new ArrayList<>();
        long started = System.nanoTime();
        int done = 0;
        int total = benchmarks.size() * n;
        for (String bench : benchmarks) {
            List<Double> onOff = new ArrayList<>();
            List<Double> offOff = new ArrayList<>();
            double bytesOff = 0;
            double bytesOn = 0;
            for (int i = 1; i <= n; i++) {
                Path dir = Files.createTempDirectory("reprise-fingerprints");
                try {
                    SavinaRun a = record(jvms, bench, dir.resolve("off"), false);
                    SavinaRun b = record(jvms, bench, dir.resolve("on"), true);
                    SavinaRun a2 = record(jvms, bench, dir.resolve("off-again"), false);
                    onOff.add(SavinaJvms.ratio(b, a));
                    offOff.add(SavinaJvms.ratio(a2, a));
                    bytesOff = bytesPerMessage(dir.resolve("off"));
                    bytesOn = bytesPerMessage(dir.resolve("on"));
                } finally {
                    Stats.deleteTree(dir);
                }
                done++;
                long left = (System.nanoTime() - started) / done * (total - done);
                console.printf(
                        Locale.ROOT,
                        "%-30s pair %d/%d  on/off %.3f  off/off %.3f  B/msg %.3f -> %.3f  (about %d min left)%n",
                        bench,
                        i,
                        n,
                        onOff.get(i - 1),
                        offOff.get(i - 1),
                        bytesOff,
                        bytesOn,
                        left / 60_000_000_000L + 1);
                console.flush();
            }
            rows.add(new Row(bench, bytesOff, bytesOn, onOff, offOff));
        }
        String report = report(rows, n, jvms.method());
        Files.writeString(out.resolve("fingerprints.md"), report, StandardCharsets.UTF_8);
        console.print(report);
        console.println("Report: " + out.resolve("fingerprints.md"));
        return 0;
    }

    private static SavinaRun record(SavinaJvms jvms, String bench, Path trace, boolean fingerprints)
            throws IOException, InterruptedException {
        return jvms.run(bench, "record,fingerprints=" + fingerprints + ",trace=" + trace);
    }

    private static double bytesPerMessage(Path trace) throws IOException {
        TraceStatistics st = TraceAnalysis.run(trace).statistics();
        return st.bytesPerMessage();
    }

    private String report(List<Row> rows, int n, String method) {
        StringBuilder sb = new StringBuilder("# Savina: what fingerprints cost\n\n");
        sb.append(String.format(
                Locale.ROOT,
                "Dispatcher: %s; %d pairs per benchmark, each a recording without "
                        + "fingerprints, one with, and one without again, in turn, in separate JVMs; %s. Ratios are medians of "
                        + "the pairs with a bootstrap 95%% interval; off/off compares the two recordings without, the noise floor. "
                        + "Machine: %s.%n%n",
                dispatcher,
                n,
                method,
                Machine.describe()));
        sb.append(
                "| benchmark | B/msg without | B/msg with | added B/msg | time with/without [95% CI] | noise floor off/off [95% CI] |\n");
        sb.append("|---|---|---|---|---|---|\n");
        double addedSum = 0;
        double addedMax = 0;
        List<Double> medians = new ArrayList<>();
        List<Double> floors = new ArrayList<>();
        for (Row r : rows) {
            double added = r.bytesOn() - r.bytesOff();
            addedSum += added;
            addedMax = Math.max(addedMax, added);
            Stats.Estimate on = Stats.bootstrapMedian(r.onOff());
            Stats.Estimate floor = Stats.bootstrapMedian(r.offOff());
            medians.add(Stats.median(r.onOff()));
            floors.add(Stats.median(r.offOff()));
            sb.append(String.format(
                    Locale.ROOT,
                    "| %s | %.3f | %.3f | %+.3f | %s | %s |%n",
                    r.benchmark(),
                    r.bytesOff(),
                    r.bytesOn(),
                    added,
                    on,
                    floor));
        }
        sb.append(String.format(
                Locale.ROOT,
                "%nOver %d benchmarks: fingerprints add %.3f bytes per message on average "
                        + "(at most %.3f); time with/without, geometric mean of the medians %.3f; noise floor %.3f.%n",
                rows.size(),
                addedSum / rows.size(),
                addedMax,
                Stats.geometricMean(medians),
                Stats.geometricMean(floors)));
        return sb.toString();
    }
}
