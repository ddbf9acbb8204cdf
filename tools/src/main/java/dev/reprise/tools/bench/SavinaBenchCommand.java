package dev.reprise.tools.bench;

import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceStatistics;
import java.io.IOException;
import java.io.PrintWriter;
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
 * {@code reprise bench savina}: each Savina benchmark in separate JVMs, without the agent, recorded
 * with small ids, recorded with full-width (3-byte) ids, and replayed (from the small-id recording), with
 * one dispatcher thread (as in the SOMns paper) and with the default dispatcher; a Markdown and CSV
 * report and an SVG chart of the recording overhead.
 */
@Command(name = "savina", mixinStandardHelpOptions = true,
        description = "Savina benchmarks without the agent, recorded (small and full ids) and replayed, in separate "
                + "JVMs; writes report.md, report.csv and overhead.svg.")
final class SavinaBenchCommand implements Callable<Integer> {
    @CommandLine.Mixin
    SavinaLaunchOptions launch;

    @Option(names = "--quick", description = "Small parameters, few iterations, one round (a few minutes).")
    boolean quick;

    @Option(names = "--only", split = ",", paramLabel = "NAME", description = "Only these benchmarks.")
    List<String> only;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "savina-report", description = "Where the report goes (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--rounds", description = "Rounds of the four runs per benchmark and dispatcher (default 3, quick 1).")
    Integer rounds;

    @Option(names = "--warmup", description = "Warm-up iterations per JVM, not measured (default 10, quick 2).")
    Integer warmup;

    @Option(names = "--iterations", description = "Measured iterations per JVM (default 30, quick 5).")
    Integer iterations;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    static final List<String> ALL = List.of("BankTransaction", "BigContention", "Chameneos", "CigaretteSmokers",
            "ConcurrentDictionary", "ConcurrentSortedLinkedList", "Counting", "ForkJoinActorCreation",
            "ForkJoinThroughput", "LogisticMapSeries", "Philosophers", "PingPong", "ProducerConsumerBoundedBuffer",
            "RadixSort", "SleepingBarber", "ThreadRing", "TrapezoidalApproximation", "UnbalancedCobwebbedTree");

    /** One benchmark under one dispatcher, over the rounds. */
    record Row(String benchmark, String dispatcher, List<Long> base, List<Long> small, List<Long> full,
               List<Long> replay, List<Double> smallRatios, double bytesPerMessage, double megabytesPerSecond,
               boolean replayPassed, String replayProblem) {
        double smallRatio() {
            return Stats.median(smallRatios);
        }
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter console = spec.commandLine().getOut();
        List<String> benchmarks = only == null ? ALL : only;
        for (String b : benchmarks) {
            if (!ALL.contains(b)) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--only: unknown benchmark '" + b + "'; valid: " + String.join(", ", ALL));
            }
        }
        int r = rounds != null ? rounds : quick ? 1 : 3;
        int warm = warmup != null ? warmup : quick ? 2 : 10;
        int measured = iterations != null ? iterations : quick ? 5 : 30;
        if (r < 1 || warm < 0 || measured < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--rounds and --iterations must be at least 1, --warmup at least 0");
        }
        SavinaRun.Setup setup = launch.setup();
        Files.createDirectories(out);
        List<Row> rows = new ArrayList<>();
        for (String dispatcher : List.of("single", "default")) {
            for (String bench : benchmarks) {
                Row row = measure(setup, bench, dispatcher, r, warm, measured);
                rows.add(row);
                console.printf(Locale.ROOT, "%-30s %-8s record/base %.3f  B/msg %.3f  replay %s%n", bench, dispatcher,
                        row.smallRatio(), row.bytesPerMessage(), row.replayPassed() ? "ok" : "FAILED " + row.replayProblem());
                console.flush();
            }
        }
        SavinaReport.write(out, rows, quick, r, warm, measured);
        console.println("Report: " + out.resolve("report.md") + " (also report.csv, overhead.svg)");
        return rows.stream().allMatch(Row::replayPassed) ? 0 : 1;
    }

    private Row measure(SavinaRun.Setup setup, String bench, String dispatcher, int rounds, int warmup, int iterations)
            throws IOException, InterruptedException {
        List<Long> base = new ArrayList<>();
        List<Long> small = new ArrayList<>();
        List<Long> full = new ArrayList<>();
        List<Long> replay = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        double bytesPerMessage = 0;
        double mbPerSecond = 0;
        boolean replayPassed = true;
        String problem = "";
        for (int i = 0; i < rounds; i++) {
            Path dir = Files.createTempDirectory("reprise-savina");
            try {
                SavinaRun b = SavinaRun.run(setup, bench, null, dispatcher, warmup, iterations, quick);
                SavinaRun s = SavinaRun.run(setup, bench, "record,trace=" + dir.resolve("small"), dispatcher, warmup, iterations, quick);
                SavinaRun f = SavinaRun.run(setup, bench, "record,smallIds=false,trace=" + dir.resolve("full"), dispatcher,
                        warmup, iterations, quick);
                base.add(b.medianNanos());
                small.add(s.medianNanos());
                full.add(f.medianNanos());
                ratios.add((double) s.medianNanos() / b.medianNanos());
                TraceStatistics st = TraceAnalysis.run(dir.resolve("small")).statistics();
                bytesPerMessage = st.bytesPerMessage();
                mbPerSecond = (st.eventBytes() + st.dataBytes()) / 1e6 / (s.totalNanos() / 1e9);
                try {
                    SavinaRun rep = SavinaRun.run(setup, bench, "replay,trace=" + dir.resolve("small") + ",quiet=20s",
                            dispatcher, warmup, iterations, quick);
                    replay.add(rep.medianNanos());
                } catch (IOException e) {
                    replayPassed = false;
                    problem = e.getMessage().lines().findFirst().orElse("");
                }
            } finally {
                Stats.deleteTree(dir);
            }
        }
        return new Row(bench, dispatcher, base, small, full, replay, ratios, bytesPerMessage, mbPerSecond, replayPassed, problem);
    }
}
