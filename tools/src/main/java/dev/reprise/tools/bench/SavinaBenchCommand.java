package dev.reprise.tools.bench;

import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceStatistics;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HexFormat;
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
@Command(
        name = "savina",
        mixinStandardHelpOptions = true,
        description = "Savina benchmarks in blocks of JVMs run in turn (baseline, recorded, peers; seeded order, "
                + "reversed on alternate blocks), each recording replayed; median paired ratios with 95%% intervals "
                + "beside the A/A noise floor. Writes report.md, report.csv and overhead.svg.")
final class SavinaBenchCommand implements Callable<Integer> {
    @CommandLine.Mixin
    SavinaLaunchOptions launch;

    @Option(
            names = "--quick",
            description = "Small parameters, C1-compiled child JVMs (they start faster), "
                    + "2 pairs of 10 iterations, no peers: 216 short JVMs that check the harness and replay, not the overhead "
                    + "(8 CPU-minutes on 2 cores).")
    boolean quick;

    @Option(names = "--only", split = ",", paramLabel = "NAME", description = "Only these benchmarks.")
    List<String> only;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            defaultValue = "savina-report",
            description = "Where the report goes (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(
            names = "--dispatcher",
            split = ",",
            paramLabel = "NAME",
            description = "Only under these dispatchers: "
                    + "single (one thread, pinned to one core) or default (Akka's default dispatcher); default: both.")
    List<String> dispatcherNames;

    @Option(
            names = "--pairs",
            paramLabel = "N",
            description =
                    "Blocks of JVMs (baseline, recorded, peers) per benchmark and dispatcher (default 5, quick 2).")
    Integer pairs;

    @Option(
            names = "--iterations",
            paramLabel = "N",
            description = "Iterations per JVM at most (default 200); quick: "
                    + "exactly, the warm-up among them found by MSER (default 10).")
    Integer iterations;

    @Option(
            names = "--measured",
            paramLabel = "M",
            description =
                    "Iterations a JVM measures once its compilers are quiet "
                            + "(its warm-up ends when they worked at most 5%% of 20 iterations' time; default 30; not with --quick).")
    Integer measured;

    @Option(
            names = "--peers",
            split = ",",
            paramLabel = "NAME",
            description = "What is measured beside Reprise's "
                    + "recording: uncoded (Reprise with the writer's coding off, compress=false: the hooks' share of the cost), "
                    + "the peer recorders content, jfr and log, or none (default: all four; quick: none).")
    List<String> peers;

    @Option(
            names = "--peer-pairs",
            paramLabel = "N",
            description =
                    "Run the peers in the first N blocks only "
                            + "(default 1; --quick: every block): the content and log peers take up to 15 times the baseline's time.")
    Integer peerPairs;

    @Option(
            names = "--replay-pairs",
            paramLabel = "N",
            description = "Replay the recordings of the first N blocks only "
                    + "(default 1; --quick: every block): a replay takes 2 to 4 times its recording.")
    Integer replayPairs;

    @Option(
            names = "--resume",
            description =
                    "Continue a run that stopped: keep the benchmarks already measured in "
                            + "--out (saved as each finishes) and measure the rest; the options and the agent jar must be the same.")
    boolean resume;

    @Option(
            names = "--seed",
            paramLabel = "N",
            defaultValue = "1",
            description = "Seed of the JVMs' order in each block (default: ${DEFAULT-VALUE}).")
    long seed;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    static final List<String> ALL = List.of(
            "BankTransaction",
            "BigContention",
            "Chameneos",
            "CigaretteSmokers",
            "ConcurrentDictionary",
            "ConcurrentSortedLinkedList",
            "Counting",
            "ForkJoinActorCreation",
            "ForkJoinThroughput",
            "LogisticMapSeries",
            "Philosophers",
            "PingPong",
            "ProducerConsumerBoundedBuffer",
            "RadixSort",
            "SleepingBarber",
            "ThreadRing",
            "TrapezoidalApproximation",
            "UnbalancedCobwebbedTree");

    static final List<String> DISPATCHERS = List.of("single", "default");

    @Override
    public Integer call() throws Exception {
        PrintWriter console = spec.commandLine().getOut();
        List<String> benchmarks = only == null ? ALL : only;
        requireKnown(benchmarks, spec.commandLine());
        int n = pairs != null ? pairs : quick ? 2 : 5;
        int its = iterations != null ? iterations : quick ? 10 : 200;
        int steady = quick ? 0 : measured != null ? measured : 30;
        if (n < 1) {
            throw usage("--pairs must be at least 1, was " + n);
        }
        if (its < 1) {
            throw usage("--iterations must be at least 1, was " + its);
        }
        int withPeers = peerPairs != null ? peerPairs : quick ? n : 1;
        int replayed = replayPairs != null ? replayPairs : quick ? n : 1;
        if (withPeers < 1 || withPeers > n) {
            throw usage("--peer-pairs must be from 1 to --pairs (" + n + "), was " + withPeers
                    + "; --peers none runs no peers");
        }
        if (replayed < 1 || replayed > n) {
            throw usage("--replay-pairs must be from 1 to --pairs (" + n + "), was " + replayed);
        }
        if (measured != null && (quick || measured < 2)) {
            throw usage(
                    quick
                            ? "--measured: quick runs measure every iteration (MSER finds the warm-up); leave it out"
                            : "--measured must be at least 2, was " + measured);
        }
        // SavinaMain's quiet window: 20 iterations of warm-up at least, before the measured ones.
        if (steady > 0 && its < steady + 20) {
            throw usage("--iterations " + its + " leaves no room to measure: a JVM warms up for 20 quiet iterations at "
                    + "least, then measures " + steady + "; give at least " + (steady + 20));
        }
        if (!Files.isRegularFile(launch.agentJar)) {
            throw usage("--agent: no such file " + launch.agentJar);
        }
        List<SavinaArm> peerArms = peerArms();
        List<String> dispatchers = dispatchers();
        List<String> pin = CorePin.command();
        SavinaRun.Setup setup = launch.setup();
        String peerNames = peerArms.isEmpty()
                ? "none"
                : String.join(",", peerArms.stream().map(SavinaArm::label).toList());
        Files.createDirectories(out);
        SavedBlocks saved = new SavedBlocks(
                out,
                String.format(
                        Locale.ROOT,
                        "quick=%b pairs=%d iterations=%d measured=%d peers=%s peer-pairs=%d replay-pairs=%d seed=%d pinned=%b agent=%s",
                        quick,
                        n,
                        its,
                        steady,
                        peerNames,
                        withPeers,
                        replayed,
                        seed,
                        !pin.isEmpty(),
                        sha256(launch.agentJar)));
        Map<String, SavedBlocks.Measured> earlier = new HashMap<>();
        if (resume) {
            for (String dispatcher : dispatchers) {
                for (String bench : benchmarks) {
                    SavedBlocks.Measured m = loadSaved(saved, bench, dispatcher);
                    if (m != null) {
                        earlier.put(bench + " " + dispatcher, m);
                    }
                }
            }
        }
        int replaced = resume ? 0 : saved.clear();
        int toMeasure = benchmarks.size() * dispatchers.size() - earlier.size();
        SavinaProgress progress =
                new SavinaProgress(console, toMeasure, n, peerArms.isEmpty() ? 0 : withPeers, replayed);
        console.printf(
                Locale.ROOT,
                "Savina: %d benchmark(s) x %s x %d pair(s) of JVMs, %s; " + "peers: %s; %s%s.%n",
                benchmarks.size(),
                dispatchers.size() == 1
                        ? "the " + dispatchers.get(0) + " dispatcher"
                        : dispatchers.size() + " dispatchers",
                n,
                steady == 0
                        ? its + " iterations each"
                        : "each warming up until its compilers are quiet, then measuring " + steady
                                + " iterations (at most " + its + " in all, unless still warming up in the first "
                                + SavinaRun.MIN_WARMUP_SECONDS + " s)",
                peerArms.isEmpty() ? "none" : peerNames + " " + SavinaReport.inBlocks(withPeers, n),
                "recordings replayed " + SavinaReport.inBlocks(replayed, n),
                !dispatchers.contains("single")
                        ? ""
                        : "; one-thread dispatcher "
                                + (pin.isEmpty() ? "NOT pinned (no taskset)" : "pinned with " + String.join(" ", pin)));
        if (resume) {
            console.printf(
                    Locale.ROOT,
                    "Resuming: %d of them measured earlier (saved in %s), %d to measure.%n",
                    earlier.size(),
                    out.resolve("saved"),
                    toMeasure);
        } else {
            console.printf(
                    Locale.ROOT,
                    "Each is saved in %s as it finishes%s: if the run stops, --resume continues it.%n",
                    out.resolve("saved"),
                    replaced == 0 ? "" : " (the " + replaced + " saved by an earlier run are deleted)");
        }
        console.flush();
        List<SavinaRow> rows = new ArrayList<>();
        try (ChildJvms children = ChildJvms.stopOnExit()) {
            for (String dispatcher : dispatchers) {
                for (String bench : benchmarks) {
                    // The same seed for a benchmark and dispatcher whichever dispatchers the run has.
                    long orderSeed = seed * 1_000
                            + DISPATCHERS.indexOf(dispatcher) * benchmarks.size()
                            + benchmarks.indexOf(bench);
                    SavedBlocks.Measured m = earlier.get(bench + " " + dispatcher);
                    String source = "  (measured earlier)";
                    if (m == null) {
                        List<String> prefix = dispatcher.equals("single") ? pin : List.of();
                        m = measure(
                                setup,
                                prefix,
                                bench,
                                dispatcher,
                                new Blocks(n, withPeers, replayed),
                                its,
                                steady,
                                peerArms,
                                orderSeed,
                                progress);
                        if (ChildJvms.stopping()) {
                            return 130; // stopped: a JVM it stopped is not a result to save
                        }
                        saved.save(bench, dispatcher, m);
                        source = "";
                    }
                    SavinaRow row = SavinaRow.of(bench, dispatcher, m.blocks(), peerArms, m.replayProblem());
                    rows.add(row);
                    console.printf(
                            Locale.ROOT,
                            "%-30s %-8s record/base %s  A/A %s  added %.1f of %.1f ns/msg  B/msg %.3f  replay %s%s%n",
                            bench,
                            dispatcher,
                            row.record(),
                            row.floor(),
                            row.addedNanosPerMessage().value(),
                            row.baseNanosPerMessage(),
                            row.bytesPerMessage(),
                            row.replayPassed() ? "ok" : "FAILED " + row.replayProblem(),
                            source);
                    console.flush();
                }
            }
        }
        SavinaReport.write(
                out,
                rows,
                new SavinaReport.Setup(
                        quick,
                        n,
                        its,
                        steady,
                        !pin.isEmpty(),
                        seed,
                        earlier.size(),
                        peerArms.isEmpty() ? 0 : withPeers,
                        replayed));
        console.println("Report: " + out.resolve("report.md") + " (also report.csv, overhead.svg)");
        return rows.stream().allMatch(SavinaRow::replayPassed) ? 0 : 1;
    }

    /** Refuses a name given to {@code --only} that is not a Savina benchmark, listing the valid ones. */
    static void requireKnown(List<String> names, CommandLine commandLine) {
        for (String name : names) {
            if (!ALL.contains(name)) {
                throw new CommandLine.ParameterException(
                        commandLine, "--only: unknown benchmark '" + name + "'; valid: " + String.join(", ", ALL));
            }
        }
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    /** The dispatchers to measure under, in report order. */
    private List<String> dispatchers() {
        if (dispatcherNames == null) {
            return DISPATCHERS;
        }
        for (String d : dispatcherNames) {
            if (!DISPATCHERS.contains(d)) {
                throw usage("--dispatcher: unknown dispatcher '" + d + "'; valid: " + String.join(", ", DISPATCHERS));
            }
        }
        return DISPATCHERS.stream().filter(dispatcherNames::contains).toList();
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
                throw usage("--peers: unknown peer '" + p + "'; valid: " + SavinaArm.peerLabels() + ", none");
            }
        }
        // In report order, whatever the order given.
        return SavinaArm.PEERS.stream()
                .filter(arm -> peers.contains(arm.label()))
                .toList();
    }

    /** The saved blocks of {@code bench} under {@code dispatcher}, or null; a file that cannot be used is a usage error. */
    private SavedBlocks.Measured loadSaved(SavedBlocks saved, String bench, String dispatcher) {
        try {
            return saved.load(bench, dispatcher);
        } catch (IOException e) {
            throw usage("--resume: " + e.getMessage());
        }
    }

    /** The first 16 hex digits of {@code file}'s SHA-256: which agent build measured a saved block. */
    private static String sha256(Path file) throws IOException {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every JDK has SHA-256
        }
    }

    /**
     * The uncoded recording's run, with its trace's size as a peer reports its own
     * ({@code peer NAME messages M bytes B unserializable U}); the trace, up to gigabytes, is deleted now.
     */
    private static SavinaRun withTraceSize(SavinaRun run, Path trace) throws IOException {
        TraceStatistics st = TraceAnalysis.run(trace).statistics();
        Stats.deleteTree(trace);
        String size = String.format(
                Locale.ROOT,
                "peer %s messages %d bytes %d unserializable 0",
                SavinaArm.UNCODED.label(),
                st.messages(),
                st.eventBytes() + st.dataBytes());
        return new SavinaRun(
                run.benchmark(),
                run.measuredNanos(),
                run.allNanos(),
                run.allCpuNanos(),
                size,
                run.warmupFromCompilers());
    }

    /** How many blocks a benchmark runs, and in how many of the first the peers run and the recording is replayed. */
    private record Blocks(int pairs, int withPeers, int replayed) {}

    private SavedBlocks.Measured measure(
            SavinaRun.Setup setup,
            List<String> prefix,
            String bench,
            String dispatcher,
            Blocks blocking,
            int its,
            int steady,
            List<SavinaArm> peerArms,
            long orderSeed,
            SavinaProgress progress)
            throws IOException, InterruptedException {
        int n = blocking.pairs();
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
                boolean withPeers = k < blocking.withPeers();
                for (SavinaArm arm : orders.get(k)) {
                    if (!withPeers && SavinaArm.PEERS.contains(arm)) {
                        continue;
                    }
                    List<String> options = new ArrayList<>(jvm);
                    Path file = dir.resolve("peer." + arm.label());
                    options.addAll(arm.peerOptions(file));
                    try {
                        SavinaRun run = SavinaRun.run(
                                setup,
                                new SavinaRun.Launch(prefix, options, steady),
                                bench,
                                arm.agentArgument(trace, file),
                                dispatcher,
                                0,
                                its,
                                quick);
                        runs.put(arm, arm == SavinaArm.UNCODED ? withTraceSize(run, file) : run);
                    } catch (IOException e) {
                        if (!SavinaArm.PEERS.contains(arm)) {
                            throw e; // without the baseline and the recording there is nothing to report
                        }
                        // A peer is a comparison: the run goes on without it for this block.
                        progress.note(
                                bench + " " + dispatcher + " pair " + (k + 1) + ": peer " + arm.label() + " left out: "
                                        + e.getMessage().lines().findFirst().orElse(""));
                    }
                }
                TraceStatistics st = TraceAnalysis.run(trace).statistics();
                SavinaRun replay = null;
                String replayed = "not replayed";
                if (k < blocking.replayed()) {
                    try {
                        // The replay runs the recorded JVM's iterations, however many its compilers took to be quiet:
                        // told as its own arguments, so its command line differs from the recording's on purpose.
                        replay = SavinaRun.run(
                                setup,
                                new SavinaRun.Launch(prefix, jvm, 0),
                                bench,
                                "replay,trace=" + trace + ",quiet=20s,changedProgram=true",
                                dispatcher,
                                0,
                                runs.get(SavinaArm.RECORD).allNanos().size(),
                                quick);
                        replayed = "replay ok";
                    } catch (IOException e) {
                        problem = "pair " + (k + 1) + ": "
                                + e.getMessage().lines().findFirst().orElse("");
                        replayed = "replay FAILED";
                    }
                }
                blocks.add(new SavinaRow.Block(
                        runs, replay, st.bytesPerMessage(), st.eventBytes() + st.dataBytes(), st.messages()));
                progress.blockDone(
                        bench,
                        dispatcher,
                        k + 1,
                        SavinaRow.steadyRatio(runs.get(SavinaArm.RECORD), runs.get(SavinaArm.BASE)),
                        replayed);
            } finally {
                Stats.deleteTree(dir);
            }
        }
        return new SavedBlocks.Measured(blocks, problem);
    }
}
