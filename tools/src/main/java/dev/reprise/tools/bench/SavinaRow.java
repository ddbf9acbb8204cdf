package dev.reprise.tools.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One benchmark under one dispatcher: the figures the report shows, computed from its blocks of JVMs.
 *
 * @param record recorded/baseline wall time, median paired ratio with its interval
 * @param recordCpu recorded/baseline process CPU time per steady-state iteration, median over the blocks with
 *     its interval; CPU time is read at 10 ms resolution on Linux, so each JVM's figure is its mean over
 *     the steady state, where the rounding errors cancel
 * @param floor baseline against baseline (each block's against the next block's): the noise floor
 * @param warmup iterations cut as warm-up (by the JVM's compilers going quiet, or MSER), median over the JVMs
 * @param quietJvms the untraced and recorded JVMs whose warm-up ended with their compilers quiet (Tide's)
 * @param jvms the untraced and recorded JVMs
 * @param bytesPerMessage Reprise trace bytes per processed message
 * @param megabytesPerSecond Reprise trace MB per second of the recorded run
 * @param replay replay/record wall time, median over the blocks with its interval
 * @param baseNanosPerMessage the baseline's steady-state iteration time per message the recording
 *     processed in one of its iterations, median over the blocks (NaN when the messages were not counted)
 * @param addedNanosPerMessage what the recording added to that time per message, median over the
 *     blocks with its interval: the figure to hold against {@code bench hooks}' and {@code bench recorder}'s
 * @param baseSpread the standard deviation of the baseline JVMs' log steady-state medians between blocks
 *     (about their relative spread; NaN with fewer than 3 blocks): noise between JVMs, which more iterations
 *     within a JVM do not reduce
 * @param peers the peers measured, in report order
 * @param replayProblem why a replay failed, or null when every replay passed its checks
 */
record SavinaRow(
        String benchmark,
        String dispatcher,
        int pairs,
        Stats.Estimate record,
        Stats.Estimate recordCpu,
        Stats.Estimate floor,
        double warmup,
        int quietJvms,
        int jvms,
        double bytesPerMessage,
        double megabytesPerSecond,
        Stats.Estimate replay,
        double baseNanosPerMessage,
        Stats.Estimate addedNanosPerMessage,
        double baseSpread,
        List<Peer> peers,
        String replayProblem) {

    /**
     * About how many blocks an A/A floor within ±{@code halfWidth} (0.02 for ±2%) would take: an
     * interval narrows about as 1/√n with n pairs, and this run's floor had {@code pairs - 1} A/A
     * pairs. NaN with fewer than 3 blocks (a floor from one or two pairs says little of its width).
     */
    double blocksForFloor(double halfWidth) {
        if (pairs < 3 || Double.isNaN(floor.value())) {
            return Double.NaN;
        }
        double width = Math.max(Math.abs(floor.low() - 1), Math.abs(floor.high() - 1));
        return Math.max(pairs, Math.ceil((pairs - 1) * (width / halfWidth) * (width / halfWidth)) + 1);
    }

    /**
     * A peer's figures.
     *
     * @param ratio peer/baseline wall time with its interval
     * @param unserializable messages the peer could not record (the content peer's unserializable ones)
     */
    record Peer(
            String name,
            Stats.Estimate ratio,
            double bytesPerMessage,
            double megabytesPerSecond,
            long unserializable) {}

    /**
     * One block of JVMs run in turn.
     *
     * @param runs each arm's run
     * @param replay the replay of the recording, or null when it failed or was not run
     * @param traceBytesPerMessage the recording's bytes per message
     * @param traceBytes the recording's size
     * @param messages the messages the recording holds (all its iterations, warm-up included); 0 when not counted
     */
    record Block(
            Map<SavinaArm, SavinaRun> runs,
            SavinaRun replay,
            double traceBytesPerMessage,
            long traceBytes,
            long messages) {
        /** A block whose recording's messages were not counted. */
        Block(Map<SavinaArm, SavinaRun> runs, SavinaRun replay, double traceBytesPerMessage, long traceBytes) {
            this(runs, replay, traceBytesPerMessage, traceBytes, 0);
        }
    }

    boolean replayPassed() {
        return replayProblem == null;
    }

    /** The figures from {@code blocks}; {@code replayProblem} null when every replay passed. */
    static SavinaRow of(
            String benchmark, String dispatcher, List<Block> blocks, List<SavinaArm> peerArms, String replayProblem) {
        List<PairedRatio.Pair> wall = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        List<PairedRatio.Pair> floor = new ArrayList<>();
        List<Double> cuts = new ArrayList<>();
        int quiet = 0;
        List<Double> replay = new ArrayList<>();
        List<Double> bytesPerMessage = new ArrayList<>();
        List<Double> rates = new ArrayList<>();
        List<Double> baseNanos = new ArrayList<>();
        List<Double> addedNanos = new ArrayList<>();
        List<Double> baseLogMedians = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            Block b = blocks.get(i);
            SavinaRun base = b.runs().get(SavinaArm.BASE);
            SavinaRun rec = b.runs().get(SavinaArm.RECORD);
            int baseCut = warmup(base);
            cuts.add((double) baseCut);
            quiet += base.warmupFromCompilers() ? 1 : 0;
            baseLogMedians.add(Math.log(Stats.medianInPlace(steady(base.allNanos(), baseCut))));
            if (i + 1 < blocks.size()) {
                floor.add(pair(blocks.get(i + 1).runs().get(SavinaArm.BASE), base));
            }
            // Without a recorded run (bench truffle on a build that cannot record) only the floor is measured.
            if (rec == null) {
                continue;
            }
            int recCut = warmup(rec);
            cuts.add((double) recCut);
            quiet += rec.warmupFromCompilers() ? 1 : 0;
            PairedRatio.Pair recOverBase = pair(rec, base);
            wall.add(recOverBase);
            if (b.messages() > 0) {
                // The trace covers every iteration of the recorded JVM, so this is one iteration's messages.
                double perIteration = (double) b.messages() / rec.allNanos().size();
                double baseMedian = Stats.medianInPlace(recOverBase.reference().clone());
                baseNanos.add(baseMedian / perIteration);
                addedNanos.add((Stats.medianInPlace(recOverBase.measured().clone()) - baseMedian) / perIteration);
            }
            cpu.add(mean(steady(rec.allCpuNanos(), recCut)) / mean(steady(base.allCpuNanos(), baseCut)));
            if (b.replay() != null) {
                replay.add(steadyRatio(b.replay(), rec));
            }
            bytesPerMessage.add(b.traceBytesPerMessage());
            rates.add(b.traceBytes() / 1e6 / (rec.totalNanos() / 1e9));
        }
        List<Peer> peers = new ArrayList<>();
        for (SavinaArm arm : peerArms) {
            peers.add(peer(arm, blocks));
        }
        return new SavinaRow(
                benchmark,
                dispatcher,
                blocks.size(),
                PairedRatio.estimate(wall),
                cpu.isEmpty() ? Stats.Estimate.of(Double.NaN) : Stats.bootstrapMedian(cpu),
                PairedRatio.estimate(floor),
                Stats.median(cuts),
                quiet,
                cuts.size(),
                Stats.median(bytesPerMessage),
                Stats.median(rates),
                replay.isEmpty() ? Stats.Estimate.of(Double.NaN) : Stats.bootstrapMedian(replay),
                Stats.median(baseNanos),
                addedNanos.isEmpty() ? Stats.Estimate.of(Double.NaN) : Stats.bootstrapMedian(addedNanos),
                baseLogMedians.size() < 3 ? Double.NaN : Stats.standardDeviation(baseLogMedians),
                peers,
                replayProblem);
    }

    /** The ratio of the steady-state medians of {@code measured} and {@code reference}, warm-up cut ({@link #warmup}). */
    static double steadyRatio(SavinaRun measured, SavinaRun reference) {
        return pair(measured, reference).ratio();
    }

    private static PairedRatio.Pair pair(SavinaRun measured, SavinaRun reference) {
        return new PairedRatio.Pair(
                steady(measured.allNanos(), warmup(measured)), steady(reference.allNanos(), warmup(reference)));
    }

    /** How many leading iterations of {@code run} are warm-up: as its JVM marked them by its compilers, else MSER's cut. */
    static int warmup(SavinaRun run) {
        if (run.warmupFromCompilers()) {
            return run.allNanos().size() - run.measuredNanos().size();
        }
        return Mser.truncation(Stats.toArray(run.allNanos()));
    }

    private static Peer peer(SavinaArm arm, List<Block> blocks) {
        List<PairedRatio.Pair> pairs = new ArrayList<>();
        List<Double> bytesPerMessage = new ArrayList<>();
        List<Double> rates = new ArrayList<>();
        long unserializable = 0;
        for (Block b : blocks) {
            SavinaRun base = b.runs().get(SavinaArm.BASE);
            SavinaRun run = b.runs().get(arm);
            if (run == null) {
                continue; // a block that ran without the peers (--peer-pairs)
            }
            pairs.add(pair(run, base));
            // peer NAME messages M bytes B unserializable U
            String[] f = run.peer() == null ? new String[0] : run.peer().split(" ");
            if (f.length == 8) {
                long messages = Long.parseLong(f[3]);
                long bytes = Long.parseLong(f[5]);
                unserializable += Long.parseLong(f[7]);
                bytesPerMessage.add(messages == 0 ? Double.NaN : (double) bytes / messages);
                rates.add(bytes / 1e6 / (run.totalNanos() / 1e9));
            }
        }
        return new Peer(
                arm.label(),
                PairedRatio.estimate(pairs),
                Stats.median(bytesPerMessage),
                Stats.median(rates),
                unserializable);
    }

    private static double mean(double[] values) {
        return java.util.Arrays.stream(values).average().orElse(Double.NaN);
    }

    private static double[] steady(List<Long> series, int cut) {
        return Stats.toArray(series.subList(cut, series.size()));
    }
}
