package dev.reprise.tools.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The Savina report: report.md, report.csv and overhead.svg. */
final class SavinaReport {
    private SavinaReport() {}

    /** Aims for recording overhead (issue 41, after SOMns's requirements): geometric mean and maximum ratio. */
    static final double AIM_MEAN = 1.10;

    static final double AIM_MAX = 1.25;
    /** What SOMns reached (ManLang'18). */
    static final double SOMNS_MEAN = 1.10;

    static final double SOMNS_MAX = 1.20;

    /**
     * How the run was made, for the report's header.
     *
     * @param measured iterations each JVM measured once its compilers were quiet; 0 when every iteration was
     *     measured and MSER found the warm-up
     * @param resumed benchmark and dispatcher rows measured by earlier invocations that this one resumed
     */
    record Setup(
            boolean quick,
            int pairs,
            int iterations,
            int measured,
            boolean pinned,
            long seed,
            int resumed,
            int peerPairs,
            int replayPairs) {}

    /** {@code in every block}, {@code in the first block}, or {@code in the first K of the N blocks}. */
    static String inBlocks(int k, int n) {
        return k >= n
                ? "in every block"
                : k == 1 ? "in the first block" : "in the first " + k + " of the " + n + " blocks";
    }

    static void write(Path out, List<SavinaRow> rows, Setup setup) throws IOException {
        Files.writeString(out.resolve("report.md"), markdown(rows, setup));
        Files.writeString(out.resolve("report.csv"), csv(rows));
        Files.writeString(out.resolve("overhead.svg"), SavinaChart.svg(rows));
    }

    private static String f(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String f2(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String f1(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String nanos(Stats.Estimate e) {
        return Double.isNaN(e.value())
                ? "-"
                : String.format(Locale.ROOT, "%.1f [%.1f, %.1f]", e.value(), e.low(), e.high());
    }

    /** The baseline JVMs' spread between blocks, and the blocks a ±2% A/A floor would take at it. */
    private static String spread(SavinaRow r) {
        double blocks = r.blocksForFloor(0.02);
        return Double.isNaN(r.baseSpread())
                ? "-"
                : String.format(
                        Locale.ROOT,
                        "%.1f%% (%s)",
                        100 * r.baseSpread(),
                        Double.isNaN(blocks) ? "-" : String.format(Locale.ROOT, "%.0f", blocks));
    }

    private static String estimate(Stats.Estimate e) {
        return Double.isNaN(e.value()) ? "-" : e.toString();
    }

    static String title(String dispatcher) {
        return dispatcher.equals("single") ? "one thread (pinned)" : "Akka default dispatcher";
    }

    static String markdown(List<SavinaRow> rows, Setup setup) {
        StringBuilder sb = new StringBuilder("# Savina: recording overhead, peers, trace size and replay\n\n");
        sb.append(String.format(
                Locale.ROOT,
                "%s parameters. Per benchmark and dispatcher, %d block(s) of separate JVMs "
                        + "run in turn (baseline, recorded, peers), in a seeded order (seed %d) reversed on alternate blocks. "
                        + "%s "
                        + "Ratios are the median over blocks of the ratio of median steady-state iteration times (recorded or "
                        + "peer against the same block's baseline), with a two-level bootstrap 95%% interval (blocks, then "
                        + "iterations). The A/A floor is the same for each block's baseline against the next block's. CPU "
                        + "record/base compares process CPU time (all threads) per steady-state iteration, as a mean per JVM "
                        + "since the OS counts it in 10 ms steps, median over blocks. The "
                        + "one-thread dispatcher runs %s. %sRecordings are replayed %s; replay/record compares their steady-state "
                        + "medians. Machine: %s.%s%s%n%n",
                setup.quick() ? "Quick" : "Paper (SOMns savina-jit)",
                setup.pairs(),
                setup.seed(),
                warmup(setup),
                setup.pinned()
                        ? "pinned to core 0 (taskset -c 0), JVM threads included"
                        : "unpinned (taskset was not available)",
                setup.peerPairs() == 0
                        ? ""
                        : "Peers run " + inBlocks(setup.peerPairs(), setup.pairs()) + "; a peer whose JVM "
                                + "failed or ran over 30 minutes is left out of that block (a dash where no block has it). ",
                inBlocks(setup.replayPairs(), setup.pairs()),
                Machine.describe(),
                setup.quick()
                        ? " Quick runs use C1-compiled JVMs and tiny parameters: they check the harness and replay; "
                                + "their ratios say little about the overhead."
                        : "",
                setup.resumed() == 0
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                " The run was resumed (--resume): %d of its %d rows "
                                        + "were measured by earlier invocations that stopped, with the same options and agent jar.",
                                setup.resumed(),
                                rows.size())));
        List<String> peerNames = peerNames(rows);
        if (peerNames.contains(SavinaArm.UNCODED.label())) {
            sb.append("The uncoded arm is Reprise's recording with the writer's coding off (compress=false): what the "
                    + "hooks cost without it; record/base above it is what coding the trace costs (on one pinned core "
                    + "the writer codes on the application's core). Its B/msg are the uncoded trace's.\n\n");
        }
        for (String dispatcher : SavinaBenchCommand.DISPATCHERS) {
            List<SavinaRow> rs =
                    rows.stream().filter(r -> r.dispatcher().equals(dispatcher)).toList();
            if (rs.isEmpty()) {
                continue;
            }
            sb.append("## Dispatcher: ").append(title(dispatcher)).append("\n\n");
            sb.append("| benchmark | record/base [95% CI] | A/A floor [95% CI] | JVM spread (blocks for ±2%) "
                    + "| CPU record/base [95% CI] | warm-up its (quiet JVMs) "
                    + "| base ns/msg | added ns/msg [95% CI] | B/msg | MB/s | replay/record |");
            peerNames.forEach(p -> sb.append(" ").append(p).append("/base [95% CI], MB/s, B/msg |"));
            sb.append(" replay checks |\n|---|---|---|---|---|---|---|---|---|---|---|");
            peerNames.forEach(p -> sb.append("---|"));
            sb.append("---|\n");
            for (SavinaRow r : rs) {
                sb.append("| ")
                        .append(r.benchmark())
                        .append(" | ")
                        .append(estimate(r.record()))
                        .append(" | ")
                        .append(estimate(r.floor()))
                        .append(" | ")
                        .append(spread(r))
                        .append(" | ")
                        .append(estimate(r.recordCpu()))
                        .append(" | ")
                        .append(String.format(Locale.ROOT, "%.0f (%d/%d)", r.warmup(), r.quietJvms(), r.jvms()))
                        .append(" | ")
                        .append(f1(r.baseNanosPerMessage()))
                        .append(" | ")
                        .append(nanos(r.addedNanosPerMessage()))
                        .append(" | ")
                        .append(f(r.bytesPerMessage()))
                        .append(" | ")
                        .append(f2(r.megabytesPerSecond()))
                        .append(" | ")
                        .append(f(r.replay().value()))
                        .append(" |");
                for (String p : peerNames) {
                    SavinaRow.Peer peer = peer(r, p);
                    sb.append(" ")
                            .append(
                                    peer == null
                                            ? "-"
                                            : estimate(peer.ratio()) + ", " + f2(peer.megabytesPerSecond()) + ", "
                                                    + f2(peer.bytesPerMessage())
                                                    + (peer.unserializable() > 0
                                                            ? ", " + peer.unserializable() + " unserializable"
                                                            : ""))
                            .append(" |");
                }
                sb.append(" ")
                        .append(r.replayPassed() ? "all passed" : "FAILED: " + r.replayProblem())
                        .append(" |\n");
            }
            sb.append("\n")
                    .append(summary(rs, peerNames))
                    .append(unsettled(rs, setup))
                    .append("\n\n");
        }
        return sb.toString();
    }

    /** The summary line of one dispatcher's rows: against the aims and SOMns, the floor, size, rate, replay, peers. */
    static String summary(List<SavinaRow> rs, List<String> peerNames) {
        List<Double> ratios = rs.stream().map(r -> r.record().value()).toList();
        double mean = Stats.geometricMean(ratios);
        SavinaRow worst = rs.stream()
                .max(Comparator.comparingDouble(r -> r.record().value()))
                .orElseThrow();
        double max = worst.record().value();
        double floorWidth = rs.stream()
                .filter(r -> !Double.isNaN(r.floor().value()))
                .mapToDouble(r -> Math.max(
                        Math.abs(r.floor().low() - 1), Math.abs(r.floor().high() - 1)))
                .max()
                .orElse(Double.NaN);
        // The floor is each block's baseline against the next block's: one block has none.
        String floor = Double.isNaN(floorWidth)
                ? "not measured (it needs at least 2 pairs), so these ratios cannot be " + "told apart from noise"
                : String.format(
                        Locale.ROOT,
                        "geometric mean %s, widest interval within ±%.1f%%",
                        f(Stats.geometricMean(rs.stream()
                                .map(r -> r.floor().value())
                                .filter(v -> !Double.isNaN(v))
                                .toList())),
                        floorWidth * 100);
        StringBuilder sb = new StringBuilder(String.format(
                Locale.ROOT,
                "Over %d benchmarks: recording overhead "
                        + "geometric mean %.3f, maximum %.3f (%s): aims %.2f and %.2f %s; SOMns 1.10 and 1.20 %s. A/A floor: "
                        + "%s. Bytes per message, mean %.3f (aim at most 2); "
                        + "trace MB/s, maximum %.2f (aim at most 30; SOMns up to 59); replays passing every check: %d of %d.",
                rs.size(),
                mean,
                max,
                worst.benchmark(),
                AIM_MEAN,
                AIM_MAX,
                verdict(mean <= AIM_MEAN, max <= AIM_MAX),
                verdict(mean <= SOMNS_MEAN, max <= SOMNS_MAX),
                floor,
                rs.stream().mapToDouble(SavinaRow::bytesPerMessage).average().orElse(Double.NaN),
                rs.stream().mapToDouble(SavinaRow::megabytesPerSecond).max().orElse(Double.NaN),
                rs.stream().filter(SavinaRow::replayPassed).count(),
                rs.size()));
        sb.append(spreadSummary(rs)).append(perMessage(rs));
        List<String> peers = new ArrayList<>();
        for (String p : peerNames) {
            // A peer left out of a benchmark (its JVM failed in every block) has no ratio there.
            List<SavinaRow.Peer> ps = rs.stream()
                    .map(r -> peer(r, p))
                    .filter(x -> x != null && !Double.isNaN(x.ratio().value()))
                    .toList();
            if (ps.isEmpty()) {
                peers.add(p + " not measured");
                continue;
            }
            String over = ps.size() < rs.size()
                    ? " over the " + ps.size() + " of " + rs.size() + " benchmarks it ran in"
                    : "";
            peers.add(String.format(
                    Locale.ROOT,
                    "%s geometric mean %.3f%s, maximum %.2f MB/s",
                    p,
                    Stats.geometricMean(ps.stream().map(x -> x.ratio().value()).toList()),
                    over,
                    ps.stream()
                            .mapToDouble(SavinaRow.Peer::megabytesPerSecond)
                            .max()
                            .orElse(Double.NaN)));
        }
        if (!peers.isEmpty()) {
            sb.append(" Peers: ").append(String.join("; ", peers)).append(".");
        }
        return sb.toString();
    }

    /**
     * The rows some of whose JVMs' compilers never went quiet within the iteration cap: their
     * warm-up was cut by MSER, which keeps at least half of the iterations, so a JVM still
     * warming up at its end (a recorded one, with the agent's code to compile too, more often)
     * makes the ratio too high. Empty when every JVM settled, or when MSER alone was asked for.
     */
    static String unsettled(List<SavinaRow> rs, Setup setup) {
        if (setup.measured() == 0) {
            return "";
        }
        List<String> names = rs.stream()
                .filter(r -> r.quietJvms() < r.jvms())
                .map(r ->
                        String.format(Locale.ROOT, "%s (%d of %d)", r.benchmark(), r.jvms() - r.quietJvms(), r.jvms()))
                .toList();
        if (names.isEmpty()) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                " JVMs whose compilers were never quiet within %d iterations: %s; their ratios may "
                        + "hold warm-up (a larger --iterations lets them settle).",
                setup.iterations(),
                String.join(", ", names));
    }

    /**
     * Why a floor is as wide as it is: the baseline JVMs' spread between blocks, and the blocks a
     * ±2% floor would take at it. Empty when no row has the spread (fewer than 3 blocks).
     */
    static String spreadSummary(List<SavinaRow> rs) {
        double[] spreads = rs.stream()
                .mapToDouble(SavinaRow::baseSpread)
                .filter(v -> !Double.isNaN(v))
                .sorted()
                .toArray();
        if (spreads.length == 0) {
            return "";
        }
        double[] blocks = rs.stream()
                .mapToDouble(r -> r.blocksForFloor(0.02))
                .filter(v -> !Double.isNaN(v))
                .sorted()
                .toArray();
        if (blocks.length == 0) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                " Between blocks the baseline JVMs' steady-state medians spread %.1f to %.1f%% "
                        + "(median %.1f%%), noise that more iterations within a JVM do not reduce; an A/A floor within ±2%% would take "
                        + "about %.0f to %.0f blocks (median %.0f), against %d here, as intervals narrow as 1/√n.",
                100 * spreads[0],
                100 * spreads[spreads.length - 1],
                100 * Stats.medianInPlace(spreads),
                blocks[0],
                blocks[blocks.length - 1],
                Stats.medianInPlace(blocks),
                rs.get(0).pairs());
    }

    /**
     * The aims in nanoseconds per message beside what recording added: on a message-bound benchmark
     * 5% of the baseline's time per message is a few nanoseconds, which {@code bench recorder}
     * shows the recorder's append alone takes. Empty when the messages were not counted.
     */
    static String perMessage(List<SavinaRow> rs) {
        List<SavinaRow> counted = rs.stream()
                .filter(r -> !Double.isNaN(r.baseNanosPerMessage())
                        && !Double.isNaN(r.addedNanosPerMessage().value()))
                .toList();
        if (counted.isEmpty()) {
            return "";
        }
        double[] base = counted.stream()
                .mapToDouble(SavinaRow::baseNanosPerMessage)
                .sorted()
                .toArray();
        double[] added = counted.stream()
                .mapToDouble(r -> r.addedNanosPerMessage().value())
                .sorted()
                .toArray();
        SavinaRow fastest = counted.stream()
                .min(Comparator.comparingDouble(SavinaRow::baseNanosPerMessage))
                .orElseThrow();
        long within = counted.stream()
                .filter(r -> r.addedNanosPerMessage().value() <= (AIM_MAX - 1) * r.baseNanosPerMessage())
                .count();
        double low = base[0];
        double high = base[base.length - 1];
        return String.format(
                Locale.ROOT,
                " Per message: the baseline takes %.1f to %.1f ns (median %.1f), so the %.0f%% aim "
                        + "allows %.1f to %.1f ns and the %.0f%% one %.1f to %.1f; recording added %.1f to %.1f ns (median %.1f), "
                        + "within %.0f%% of the baseline on %d of %d (the fastest, %s, allows %.1f ns at %.0f%%).",
                low,
                high,
                Stats.medianInPlace(base),
                (AIM_MEAN - 1) * 100,
                (AIM_MEAN - 1) * low,
                (AIM_MEAN - 1) * high,
                (AIM_MAX - 1) * 100,
                (AIM_MAX - 1) * low,
                (AIM_MAX - 1) * high,
                added[0],
                added[added.length - 1],
                Stats.medianInPlace(added),
                (AIM_MAX - 1) * 100,
                within,
                counted.size(),
                fastest.benchmark(),
                (AIM_MAX - 1) * low,
                (AIM_MAX - 1) * 100);
    }

    private static String verdict(boolean meanMet, boolean maxMet) {
        return meanMet && maxMet
                ? "met"
                : meanMet ? "mean met, maximum not" : maxMet ? "maximum met, mean not" : "not met";
    }

    static List<String> peerNames(List<SavinaRow> rows) {
        return rows.stream()
                .flatMap(r -> r.peers().stream())
                .map(SavinaRow.Peer::name)
                .distinct()
                .toList();
    }

    static SavinaRow.Peer peer(SavinaRow r, String name) {
        return r.peers().stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
    }

    /** How each JVM's warm-up was told from its steady state. */
    private static String warmup(Setup setup) {
        return setup.measured() == 0
                ? String.format(
                        Locale.ROOT,
                        "Each JVM runs %d iterations; MSER finds the warm-up among them (at most half), "
                                + "which is cut off.",
                        setup.iterations())
                : String.format(
                        Locale.ROOT,
                        "Each JVM warms up until HotSpot's compilers are quiet (they worked at most 5%% "
                                + "of the wall time of the last 20 iterations), then measures %d iterations, %d at most in all unless "
                                + "it is still warming up in its first %d s of iterations; a JVM "
                                + "whose compilers were never quiet has its warm-up found by MSER (the quiet JVMs column counts "
                                + "those that were, of the baseline and recorded ones).",
                        setup.measured(),
                        setup.iterations(),
                        SavinaRun.MIN_WARMUP_SECONDS);
    }

    static String csv(List<SavinaRow> rows) {
        StringBuilder header = new StringBuilder("benchmark,dispatcher,pairs,record_ratio,record_low,record_high,"
                + "cpu_ratio,cpu_low,cpu_high,floor_ratio,floor_low,floor_high,warmup_iterations,quiet_jvms,jvms,bytes_per_message,"
                + "mb_per_s,replay_record_ratio,replay_low,replay_high,replay_passed,base_ns_per_message,added_ns_per_message,"
                + "added_ns_low,added_ns_high,base_jvm_spread,blocks_for_2pct_floor");
        for (SavinaArm p : SavinaArm.PEERS) {
            String n = p.label();
            header.append(String.format(
                    ",%1$s_ratio,%1$s_low,%1$s_high,%1$s_mb_per_s,%1$s_bytes_per_message,%1$s_unserializable", n));
        }
        return header + "\n"
                + rows.stream()
                        .map(r -> {
                            List<String> cells = new ArrayList<>(
                                    List.of(r.benchmark(), r.dispatcher(), Integer.toString(r.pairs())));
                            cells.addAll(cells(r.record()));
                            cells.addAll(cells(r.recordCpu()));
                            cells.addAll(cells(r.floor()));
                            cells.addAll(List.of(
                                    String.format(Locale.ROOT, "%.0f", r.warmup()),
                                    Integer.toString(r.quietJvms()),
                                    Integer.toString(r.jvms()),
                                    f(r.bytesPerMessage()),
                                    f2(r.megabytesPerSecond())));
                            cells.addAll(cells(r.replay()));
                            cells.add(Boolean.toString(r.replayPassed()));
                            cells.add(f(r.baseNanosPerMessage()));
                            cells.addAll(cells(r.addedNanosPerMessage()));
                            cells.add(String.format(Locale.ROOT, "%.4f", r.baseSpread())
                                    .replace("NaN", ""));
                            cells.add(
                                    Double.isNaN(r.blocksForFloor(0.02))
                                            ? ""
                                            : String.format(Locale.ROOT, "%.0f", r.blocksForFloor(0.02)));
                            for (SavinaArm p : SavinaArm.PEERS) {
                                SavinaRow.Peer peer = peer(r, p.label());
                                if (peer == null) {
                                    cells.addAll(List.of("", "", "", "", "", ""));
                                } else {
                                    cells.addAll(cells(peer.ratio()));
                                    cells.addAll(List.of(
                                            f2(peer.megabytesPerSecond()),
                                            f(peer.bytesPerMessage()),
                                            Long.toString(peer.unserializable())));
                                }
                            }
                            return String.join(
                                    ",",
                                    cells.stream()
                                            .map(c -> c.equals("-") ? "" : c)
                                            .toList());
                        })
                        .collect(Collectors.joining("\n"))
                + "\n";
    }

    private static List<String> cells(Stats.Estimate e) {
        return List.of(f(e.value()), f(e.low()), f(e.high()));
    }
}
