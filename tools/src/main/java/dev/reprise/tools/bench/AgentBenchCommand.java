package dev.reprise.tools.bench;

import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceStatistics;
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
 * {@code reprise bench agent}: the agent's recording cost on message-heavy programs (Savina
 * PingPong and Counting, one dispatcher thread). Each round runs the program without the agent,
 * recorded, and without the agent again, in separate JVMs in turn, as {@link SavinaJvms} runs
 * them; it prints the median over rounds of the recorded/baseline ratio with its bootstrap 95%
 * interval beside the baseline/baseline noise floor, and trace bytes per message and MB/s.
 */
@Command(
        name = "agent",
        mixinStandardHelpOptions = true,
        description = "Recording cost on ping-pong and counting (one dispatcher thread): the ratio to the same program "
                + "without the agent, with its 95%% interval beside the noise floor, measured in the same run; and "
                + "trace bytes per message.")
final class AgentBenchCommand implements Callable<Integer> {
    @CommandLine.Mixin
    SavinaLaunchOptions launch;

    @Option(
            names = "--quick",
            description = "Small parameters, few iterations, 2 rounds: a harness check (about a minute).")
    boolean quick;

    @Option(
            names = "--only",
            split = ",",
            paramLabel = "NAME",
            description = "Benchmarks (default: PingPong,Counting).")
    List<String> benchmarks = List.of("PingPong", "Counting");

    @Option(
            names = "--rounds",
            description = "Rounds of baseline, recorded, baseline again per benchmark (default 5, quick 2).")
    Integer rounds;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        SavinaBenchCommand.requireKnown(benchmarks, spec.commandLine());
        int pairs = rounds != null ? rounds : quick ? 2 : 5;
        if (pairs < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--rounds must be at least 1, was " + pairs);
        }
        SavinaJvms jvms = new SavinaJvms(launch.setup(), quick, "single");
        out.printf(
                "Agent recording cost, one dispatcher thread, %d rounds of baseline, recorded, baseline again: %s.%n",
                pairs, jvms.method());
        out.printf(
                "%-10s %10s %10s %26s %26s %8s %8s%n",
                "benchmark",
                "base ms",
                "record ms",
                "record/base [95% CI]",
                "noise base/base [95% CI]",
                "B/msg",
                "MB/s");
        for (String bench : benchmarks) {
            List<Double> ratios = new ArrayList<>();
            List<Double> floor = new ArrayList<>();
            List<Long> base = new ArrayList<>();
            List<Long> recorded = new ArrayList<>();
            double bytesPerMessage = 0;
            double megabytesPerSecond = 0;
            for (int r = 0; r < pairs; r++) {
                Path dir = Files.createTempDirectory("reprise-bench");
                try {
                    Path trace = dir.resolve("trace");
                    SavinaRun b = jvms.run(bench, null);
                    SavinaRun rec = jvms.run(bench, "record,trace=" + trace);
                    SavinaRun again = jvms.run(bench, null);
                    base.add(b.medianNanos());
                    recorded.add(rec.medianNanos());
                    ratios.add(SavinaJvms.ratio(rec, b));
                    floor.add(SavinaJvms.ratio(again, b));
                    TraceStatistics s = TraceAnalysis.run(trace).statistics();
                    bytesPerMessage = s.bytesPerMessage();
                    megabytesPerSecond = (s.eventBytes() + s.dataBytes()) / 1e6 / (rec.totalNanos() / 1e9);
                } finally {
                    Stats.deleteTree(dir);
                }
            }
            out.printf(
                    Locale.ROOT,
                    "%-10s %10.2f %10.2f %26s %26s %8.3f %8.2f%n",
                    bench,
                    Stats.median(base) / 1e6,
                    Stats.median(recorded) / 1e6,
                    Stats.bootstrapMedian(ratios),
                    Stats.bootstrapMedian(floor),
                    bytesPerMessage,
                    megabytesPerSecond);
            out.flush();
        }
        return 0;
    }
}
