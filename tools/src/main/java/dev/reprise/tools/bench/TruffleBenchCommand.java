package dev.reprise.tools.bench;

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
 * {@code reprise bench truffle}: the Savina programs written in Tide, on the Graal-compiled
 * engine. Per benchmark, blocks of JVMs run in turn (untraced, recorded; seeded order reversed on
 * alternate blocks, as {@code bench savina}); each JVM runs the program many times in one context:
 * warm-up until its compilers are quiet, then the measured iterations (MSER finds the warm-up of a
 * JVM whose compilers never went quiet). Each recorded JVM's trace (one for all its runs) is replayed in
 * another JVM, whose iterations must pass the program's check. Every JVM logs Graal's compilations and
 * deoptimisations: the specialisation evidence. Writes report.md and report.csv.
 */
@Command(
        name = "truffle",
        mixinStandardHelpOptions = true,
        description = "The Savina programs in Tide on the Graal-compiled engine: untraced and recorded JVMs in turn "
                + "(seeded order, reversed on alternate blocks), each recording replayed and checked; median paired "
                + "ratios with 95%% intervals beside the A/A floor, bytes per message, replay/record, compilations and "
                + "deoptimisations. Writes report.md and report.csv.")
final class TruffleBenchCommand implements Callable<Integer> {
    @Option(
            names = "--truffle",
            required = true,
            paramLabel = "DIR",
            description = "The built runtime/truffle module (./reprise sets it).")
    Path truffle;

    @Option(
            names = "--quick",
            description =
                    "Smaller sizes, 2 pairs of JVMs of 20 iterations: about 5 minutes on 2 cores; "
                            + "the JVMs may end before Graal has compiled the program, so this checks the harness, not the overhead.")
    boolean quick;

    @Option(names = "--only", split = ",", paramLabel = "NAME", description = "Only these benchmarks.")
    List<String> only;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            defaultValue = "truffle-report",
            description = "Where the report goes (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(
            names = "--pairs",
            paramLabel = "N",
            description = "Blocks of JVMs (untraced, recorded) per benchmark (default 5, quick 2).")
    Integer pairs;

    @Option(
            names = "--iterations",
            paramLabel = "N",
            description = "The most iterations a JVM runs, warm-up included (default 600, quick 20).")
    Integer iterations;

    @Option(
            names = "--measured",
            paramLabel = "M",
            description = "Iterations a JVM measures once its compilers are quiet (its warm-up ends when they "
                    + "worked under 5%% of 20 iterations' time); then it stops (default 60, quick 10).")
    Integer measured;

    @Option(
            names = "--seed",
            paramLabel = "N",
            defaultValue = "1",
            description = "Seed of the JVMs' order in each block (default: ${DEFAULT-VALUE}).")
    long seed;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter console = spec.commandLine().getOut();
        List<TideBenchmark> benchmarks = benchmarks();
        int n = pairs != null ? pairs : quick ? 2 : 5;
        int its = iterations != null ? iterations : quick ? 20 : 600;
        int steady = measured != null ? measured : quick ? 10 : 60;
        if (n < 1) {
            throw usage("--pairs must be at least 1, was " + n);
        }
        if (its < 2) {
            throw usage("--iterations must be at least 2, was " + its);
        }
        if (steady < 2) {
            throw usage("--measured must be at least 2, was " + steady);
        }
        for (Path p : TideLaunch.required(truffle)) {
            if (!Files.isDirectory(p)) {
                throw usage("--truffle: " + p + " is missing: build the module first "
                        + "(mvn -pl runtime/truffle -am package -DskipTests)");
            }
        }
        if (Files.isRegularFile(out)) {
            throw usage("--out: " + out + " is a file");
        }
        TideLaunch launch = new TideLaunch(java(), truffle);
        TideFeatures features = TideFeatures.probe(launch);
        if (!features.compiled()) {
            throw new IllegalStateException("the Tide JVM runs Truffle's interpreter only (no Graal compiler): is "
                    + truffle.resolve("target/compiler") + " the Graal compiler, as mvn package copies it?");
        }
        List<SavinaArm> arms = features.record() ? List.of(SavinaArm.BASE, SavinaArm.RECORD) : List.of(SavinaArm.BASE);
        Files.createDirectories(out);
        boolean replay = features.record() && features.replay();
        int jvmsPerBenchmark = n * arms.size() + (replay ? n : 0);
        BenchProgress progress = new BenchProgress(console, benchmarks.size() * jvmsPerBenchmark);
        console.printf(
                Locale.ROOT,
                "Truffle (Tide): %d benchmark(s) x %d pair(s) of JVMs, each warming up until its compilers "
                        + "are quiet, then measuring %d iterations (at most %d in all); %s.%n",
                benchmarks.size(),
                n,
                steady,
                its,
                features.describe());
        List<TruffleReport.Entry> entries = new ArrayList<>();
        try (ChildJvms children = ChildJvms.stopOnExit()) {
            int index = 0;
            for (TideBenchmark bench : benchmarks) {
                TruffleMeasurement measurement = new TruffleMeasurement(launch, quick, its, steady, progress);
                TruffleMeasurement.Result result =
                        measurement.measure(bench, replay, BlockOrder.orders(arms, n, seed * 1_000 + index++));
                entries.add(new TruffleReport.Entry(bench, result));
                SavinaRow row = result.row();
                progress.note(String.format(
                        Locale.ROOT,
                        "%s: record/untraced %s, A/A %s, B/msg %s, replay/record %s, "
                                + "replay %s; untraced JVMs: %s; recorded JVMs: %s",
                        bench.name(),
                        TruffleReport.estimate(row.record()),
                        TruffleReport.estimate(row.floor()),
                        TruffleReport.f(row.bytesPerMessage(), "%.3f"),
                        TruffleReport.estimate(row.replay()),
                        row.replayPassed() ? (replay ? "ok" : "not run") : "FAILED " + row.replayProblem(),
                        result.compilations().get(SavinaArm.BASE).describe(),
                        result.compilations()
                                .getOrDefault(SavinaArm.RECORD, CompilationLog.NONE)
                                .describe()));
            }
        }
        TruffleReport.write(out, entries, new TruffleReport.Setup(quick, n, its, steady, seed, features));
        console.println("Report: " + out.resolve("report.md") + " (also report.csv)");
        return entries.stream().allMatch(e -> e.result().row().replayPassed()) ? 0 : 1;
    }

    private List<TideBenchmark> benchmarks() {
        if (only == null) {
            return TideBenchmark.ALL;
        }
        List<TideBenchmark> chosen = new ArrayList<>();
        for (String name : only) {
            TideBenchmark b = TideBenchmark.named(name);
            if (b == null) {
                throw usage(
                        "--only: unknown benchmark '" + name + "'; valid: " + String.join(", ", TideBenchmark.names()));
            }
            chosen.add(b);
        }
        return chosen;
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
