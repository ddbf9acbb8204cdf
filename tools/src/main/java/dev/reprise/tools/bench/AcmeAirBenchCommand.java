package dev.reprise.tools.bench;

import dev.reprise.trace.TraceAnalysis;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code reprise bench acmeair}: the Acme-Air server untraced and recorded, in separate JVMs
 * interleaved over rounds, each on a fresh database with the same seeded data, driven by the
 * embedded JMeter workload (closed loop; in the full run also an open loop at 70% of the untraced
 * rate); per-label latency and throughput ratios, trace MB/s and bytes per request, and the
 * replay of the first recording.
 */
@Command(
        name = "acmeair",
        mixinStandardHelpOptions = true,
        description = "Acme-Air (Netty, Akka, Derby) untraced and recorded in separate JVMs, driven by JMeter: "
                + "latency per request label, recorded/untraced ratios, trace MB/s and bytes per request, replay; "
                + "writes report.md, report.csv and latency.svg.")
final class AcmeAirBenchCommand implements Callable<Integer> {
    /** Start, data loading, driver JVMs and stop per server, beyond the planned load (a first estimate). */
    private static final int OVERHEAD_SECONDS = 35;

    @Option(
            names = "--quick",
            description = "1,000 customers, 5 s warm-up, 8 s closed loop, no open loop, one round "
                    + "(about 2 minutes; the full run, 10,000 customers, 3 rounds with an open loop, about 12).")
    boolean quick;

    @Option(
            names = "--rounds",
            paramLabel = "N",
            description = "Rounds of an untraced and a recorded server " + "(default 3, quick 1).")
    Integer rounds;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            defaultValue = "acmeair-report",
            description = "Where the report goes (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(
            names = "--classpath",
            required = true,
            paramLabel = "CP",
            description = "Class path of acmeair-port (./reprise sets it).")
    String classPath;

    @Option(names = "--agent", required = true, paramLabel = "JAR", description = "The agent jar (./reprise sets it).")
    Path agentJar;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The open loop's rate, set by the untraced closed loop of round 1 (which runs first). */
    private double openRate;

    @Override
    public Integer call() throws Exception {
        if (rounds != null && rounds < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--rounds must be at least 1, was " + rounds);
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--out: " + out + " is a file, not a directory");
        }
        if (!Files.isRegularFile(agentJar)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--agent: no such file " + agentJar);
        }
        AcmeAirPlan plan = quick ? AcmeAirPlan.quick(rounds) : AcmeAirPlan.full(rounds);
        AcmeAirLaunch launch = new AcmeAirLaunch(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                classPath,
                agentJar.toAbsolutePath().toString());
        PrintWriter console = spec.commandLine().getOut();
        BenchProgress progress = new BenchProgress(
                console,
                plan.rounds() * 2.0 * (plan.loadSecondsPerServer() + OVERHEAD_SECONDS) + plan.replayTimeoutSeconds());
        Path work = Files.createTempDirectory("reprise-acmeair");
        try (ChildJvms children = ChildJvms.stopOnExit()) {
            List<AcmeAirRun> runs = new ArrayList<>();
            for (int round = 1; round <= plan.rounds(); round++) {
                // ABAB, BABA: neither configuration always runs first (warmer machine, page cache).
                List<String> order = round % 2 == 1
                        ? List.of(AcmeAirRun.UNTRACED, AcmeAirRun.RECORDED)
                        : List.of(AcmeAirRun.RECORDED, AcmeAirRun.UNTRACED);
                for (String config : order) {
                    runs.add(measure(launch, plan, round, config, work, progress));
                    progress.done(plan.loadSecondsPerServer() + OVERHEAD_SECONDS);
                }
            }
            progress.step("replay of round 1's recording, no driver (at most " + plan.replayTimeoutSeconds() + " s)");
            AcmeAirReplay.Outcome replay = AcmeAirReplay.run(
                    launch,
                    trace(work, 1),
                    work.resolve(1 + "-" + AcmeAirRun.RECORDED).resolve(AcmeAirRun.RECORDED + ".out"),
                    Files.createDirectories(work.resolve("replay")),
                    plan.customers(),
                    plan.replayTimeoutSeconds());
            progress.done(plan.replayTimeoutSeconds());
            AcmeAirSummary summary = new AcmeAirSummary(runs);
            AcmeAirReport.write(out, summary, plan, openRate, replay);
            console.printf(
                    Locale.ROOT,
                    "Replay: %s%nDone in %.0f s. Report: %s (also report.csv, latency.svg)%n",
                    replay.describe(),
                    progress.elapsedSeconds(),
                    out.resolve("report.md"));
            // A damaged trace or an unclean stop makes the figures doubtful, a replay that differs is a bug: fail, the
            // report says why.
            return summary.traces().stream().allMatch(t -> t.problem() == null) && replay.identical() ? 0 : 1;
        } finally {
            Stats.deleteTree(work);
        }
    }

    /**
     * The recorded server's agent argument: the server's timing of its own requests ({@code --latency})
     * reads the clock in {@code dev.reprise.acmeair.latency}, which is measurement, not the service's
     * behaviour, so it is left out of the recording.
     */
    static String agentArgument(Path trace) {
        return "record,trace=" + trace + ",exclude=dev.reprise.acmeair.latency";
    }

    private static Path trace(Path work, int round) {
        return work.resolve(round + "-" + AcmeAirRun.RECORDED).resolve("trace");
    }

    /** One server JVM: start on fresh data, warm up and measure, stop, and measure its trace. */
    private AcmeAirRun measure(
            AcmeAirLaunch launch, AcmeAirPlan plan, int round, String config, Path work, BenchProgress progress)
            throws IOException, InterruptedException {
        String where = String.format(Locale.ROOT, "round %d/%d, %s: ", round, plan.rounds(), config);
        Path dir = Files.createDirectories(work.resolve(round + "-" + config));
        Path trace = trace(work, round);
        boolean recorded = config.equals(AcmeAirRun.RECORDED);
        progress.step(where + "start the server, load " + plan.customers() + " customers");
        Map<String, DriverResult> workloads = new LinkedHashMap<>();
        boolean clean;
        try (AcmeAirServerJvm server = AcmeAirServerJvm.start(
                launch, config, recorded ? agentArgument(trace) : null, dir, plan.customers(), 300)) {
            progress.step(where + "closed loop, " + plan.warmupSeconds() + " s warm-up + " + plan.closedSeconds()
                    + " s measured");
            DriverResult closed = AcmeAirDriverJvm.run(
                    launch, server.port(), plan.warmupSeconds(), plan.closedSeconds(), 0, 1, plan.customers(), dir);
            workloads.put(AcmeAirRun.CLOSED, closed);
            if (round == 1 && !recorded) {
                openRate = AcmeAirPlan.OPEN_LOAD * closed.throughput();
            }
            if (plan.openSeconds() > 0) {
                progress.step(String.format(
                        Locale.ROOT,
                        "%sopen loop at %.1f requests/s, %d s warm-up + %d s measured",
                        where,
                        openRate,
                        plan.warmupSeconds() / 2,
                        plan.openSeconds()));
                workloads.put(
                        AcmeAirRun.OPEN,
                        AcmeAirDriverJvm.run(
                                launch,
                                server.port(),
                                plan.warmupSeconds() / 2,
                                plan.openSeconds(),
                                openRate,
                                plan.openThreads(),
                                plan.customers(),
                                dir));
            }
            progress.step(where + "stop the server (SIGTERM)");
            clean = server.stop();
        }
        workloads.forEach((workload, d) -> progress.note(String.format(
                Locale.ROOT,
                "%s%s loop %.1f requests/s, %d requests, %d errors",
                where,
                workload,
                d.throughput(),
                d.total(),
                d.errors())));
        Stats.deleteTree(dir.resolve("db"));
        return new AcmeAirRun(round, config, workloads, recorded ? traceFigures(trace, workloads, clean) : null);
    }

    private static AcmeAirRun.Trace traceFigures(Path trace, Map<String, DriverResult> workloads, boolean clean)
            throws IOException {
        long bytes;
        try (Stream<Path> files = Files.walk(trace)) {
            bytes = files.filter(Files::isRegularFile)
                    .mapToLong(p -> p.toFile().length())
                    .sum();
        }
        long requests = workloads.values().stream()
                .mapToLong(d -> d.total() + d.warmupRequests())
                .sum();
        double seconds = workloads.values().stream()
                .mapToDouble(d -> d.seconds() + d.warmupSeconds())
                .sum();
        TraceAnalysis.Report analysis = TraceAnalysis.run(trace);
        String problem = !clean
                ? "the server did not stop cleanly"
                : analysis.sound() ? null : "unsound: " + analysis.problems().get(0);
        return new AcmeAirRun.Trace(bytes, requests, seconds, problem);
    }
}
