package dev.reprise.tools.bench;

import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceStatistics;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code reprise bench savina}: each Savina benchmark, under one pinned dispatcher thread (as in the
 * SOMns paper) and under Akka's default dispatcher, in blocks of separate JVMs run in turn: without
 * the agent, recorded, and with each peer recorder; the order is seeded and reversed on alternate
 * blocks. Each recording is replayed. Warm-up is detected per JVM (MSER); the report gives the
 * median paired ratios with bootstrap 95% intervals beside the A/A noise floor, trace size and rate,
 * and replay time, in Markdown, CSV and SVG.
 */
@Command(name = "savina", mixinStandardHelpOptions = true,
        description = "Savina benchmarks in blocks of JVMs run in turn (baseline, recorded, peers; seeded order, "
                + "reversed on alternate blocks), each recording replayed; median paired ratios with 95%% intervals "
                + "beside the A/A noise floor. Writes report.md, report.csv and overhead.svg.")
final class SavinaBenchCommand implements Callable<Integer> {
    @CommandLine.Mixin
    SavinaLaunchOptions launch;

    @Option(names = "--quick", description = "Small parameters, C1-compiled child JVMs (they start faster), "
            + "2 pairs of 10 iterations, no peers: 216 short JVMs that check the harness and replay, not the overhead "
            + "(8 CPU-minutes on 2 cores).")
    boolean quick;

    @Option(names = "--only", split = ",", paramLabel = "NAME", description = "Only these benchmarks.")
    List<String> only;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "savina-report", description = "Where the report goes (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--pairs", paramLabel = "N", description = "Blocks of JVMs (baseline, recorded, peers) per benchmark and dispatcher (default 5, quick 2).")
    Integer pairs;

    @Option(names = "--iterations", paramLabel = "N", description = "Iterations per JVM; the warm-up among them is detected (default 40, quick 10).")
    Integer iterations;

    @Option(names = "--peers", split = ",", paramLabel = "NAME", description = "Peer recorders measured beside Reprise: "
            + "content, jfr, log, or none (default: all three; quick: none).")
    List<String> peers;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the JVMs' order in each block (default: ${DEFAULT-VALUE}).")
    long seed;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    static final List<String> ALL = List.of("BankTransaction", "BigContention", "Chameneos", "CigaretteSmokers",
            "ConcurrentDictionary", "ConcurrentSortedLinkedList", "Counting", "ForkJoinActorCreation",
            "ForkJoinThroughput", "LogisticMapSeries", "Philosophers", "PingPong", "ProducerConsumerBoundedBuffer",
            "RadixSort", "SleepingBarber", "ThreadRing", "TrapezoidalApproximation", "UnbalancedCobwebbedTree");

    static final List<String> DISPATCHERS = List.of("single", "default");

    @Override
    public Integer call() throws Exception {
        PrintWriter console = spec.commandLine().getOut();
        List<String> benchmarks = only == null ? ALL : only;
        for (String b : benchmarks) {
            if (!ALL.contains(b)) {
                throw usage("--only: unknown benchmark '" + b + "'; valid: " + String.join(", ", ALL));
            }
        }
        int n = pairs != null ? pairs : quick ? 2 : 5;
        int its = iterations != null ? iterations : quick ? 10 : 40;
        if (n < 1) {
            throw usage("--pairs must be at least 1, was " + n);
        }
        if (its < 1) {
            throw usage("--iterations must be at least 1, was " + its);
        }
        List<SavinaArm> peerArms = peerArms();
        List<String> pin = CorePin.command();
        SavinaRun.Setup setup = launch.setup();
        Files.createDirectories(out);
        SavinaProgress progress = new SavinaProgress(console, benchmarks.size() * DISPATCHERS.size() * n);
        console.printf(Locale.ROOT, "Savina: %d benchmark(s) x %d dispatchers x %d pair(s) of JVMs, %d iterations each; "
                + "peers: %s; one-thread dispatcher %s.%n", benchmarks.size(), DISPATCHERS.size(), n, its,
                peerArms.isEmpty() ? "none" : String.join(", ", peerArms.stream().map(SavinaArm::label).toList()),
                pin.isEmpty() ? "NOT pinned (no taskset)" : "pinned with " + String.join(" ", pin));
        List<SavinaRow> rows = new ArrayList<>();
        int config = 0;
        for (String dispatcher : DISPATCHERS) {
            for (String bench : benchmarks) {
                List<String> prefix = dispatcher.equals("single") ? pin : List.of();
                SavinaRow row = measure(setup, prefix, bench, dispatcher, n, its, peerArms, seed * 1_000 + config++, progress);
                rows.add(row);
                console.printf(Locale.ROOT, "%-30s %-8s record/base %s  A/A %s  B/msg %.3f  replay %s%n", bench, dispatcher,
                        row.record(), row.floor(), row.bytesPerMessage(),
                        row.replayPassed() ? "ok" : "FAILED " + row.replayProblem());
                console.flush();
            }
        }
        SavinaReport.write(out, rows, new SavinaReport.Setup(quick, n, its, !pin.isEmpty(), seed));
        console.println("Report: " + out.resolve("report.md") + " (also report.csv, overhead.svg)");
        return rows.stream().allMatch(SavinaRow::replayPassed) ? 0 : 1;
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    private List<SavinaArm> peerArms() {
        if (peers == null) {
            return quick ? List.of() : SavinaArm.PEERS;
        }
        if (peers.contains("none")) {
            if (peers.size() > 1) {
                throw usage("--peers: none stands alone, was " + String.join(",", peers));
            }
            return List.of();
        }
        for (String p : peers) {
            if (SavinaArm.peer(p) == null) {
                throw usage("--peers: unknown peer '" + p + "'; valid: content, jfr, log, none");
            }
        }
        // In report order, whatever the order given.
        return SavinaArm.PEERS.stream().filter(arm -> peers.contains(arm.label())).toList();
    }

    private SavinaRow measure(SavinaRun.Setup setup, List<String> prefix, String bench, String dispatcher, int n,
                              int its, List<SavinaArm> peerArms, long orderSeed, SavinaProgress progress)
            throws IOException, InterruptedException {
        List<SavinaArm> arms = new ArrayList<>(List.of(SavinaArm.BASE, SavinaArm.RECORD));
        arms.addAll(peerArms);
        // Quick runs are smoke tests: C1 alone starts the many short JVMs about twice as fast.
        List<String> jvm = quick ? List.of("-XX:TieredStopAtLevel=1") : List.of();
        List<SavinaRow.Block> blocks = new ArrayList<>();
        String problem = null;
        List<List<SavinaArm>> orders = BlockOrder.orders(arms, n, orderSeed);
        for (int k = 0; k < n; k++) {
            Path dir = Files.createTempDirectory("reprise-savina");
            try {
                Path trace = dir.resolve("trace");
                Map<SavinaArm, SavinaRun> runs = new EnumMap<>(SavinaArm.class);
                for (SavinaArm arm : orders.get(k)) {
                    List<String> options = new ArrayList<>(jvm);
                    options.addAll(arm.peerOptions(dir.resolve("peer." + arm.label())));
                    runs.put(arm, SavinaRun.run(setup, new SavinaRun.Launch(prefix, options), bench,
                            arm.agentArgument(trace), dispatcher, 0, its, quick));
                }
                TraceStatistics st = TraceAnalysis.run(trace).statistics();
                SavinaRun replay = null;
                try {
                    replay = SavinaRun.run(setup, new SavinaRun.Launch(prefix, jvm), bench,
                            "replay,trace=" + trace + ",quiet=20s", dispatcher, 0, its, quick);
                } catch (IOException e) {
                    problem = "pair " + (k + 1) + ": " + e.getMessage().lines().findFirst().orElse("");
                }
                blocks.add(new SavinaRow.Block(runs, replay, st.bytesPerMessage(), st.eventBytes() + st.dataBytes()));
                progress.blockDone(bench, dispatcher, k + 1, n,
                        SavinaRow.steadyRatio(runs.get(SavinaArm.RECORD), runs.get(SavinaArm.BASE)), replay != null);
            } finally {
                Stats.deleteTree(dir);
            }
        }
        return SavinaRow.of(bench, dispatcher, blocks, peerArms, problem);
    }
}
