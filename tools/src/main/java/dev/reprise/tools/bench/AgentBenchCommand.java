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
 * PingPong and Counting, one dispatcher thread): each round runs the program without the agent
 * and recorded, in separate JVMs, alternately; the ratio of median iteration times is taken per
 * round, and trace bytes per message and MB/s come from the recorded traces.
 */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = "Recording cost per message on ping-pong and counting (one dispatcher thread), as a ratio "
                + "against the same program without the agent, measured in the same run; and trace bytes per message.")
final class AgentBenchCommand implements Callable<Integer> {
    @CommandLine.Mixin
    SavinaLaunchOptions launch;

    @Option(names = "--quick", description = "Fewer rounds and iterations (about a minute).")
    boolean quick;

    @Option(names = "--only", split = ",", paramLabel = "NAME", description = "Benchmarks (default: PingPong,Counting).")
    List<String> benchmarks = List.of("PingPong", "Counting");

    @Option(names = "--rounds", description = "Alternating baseline/recorded pairs per benchmark (default 5, quick 2).")
    Integer rounds;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        int pairs = rounds != null ? rounds : quick ? 2 : 5;
        int warmup = quick ? 5 : 20;
        int iterations = quick ? 10 : 30;
        SavinaRun.Setup setup = launch.setup();
        out.printf("Agent recording cost (paper parameters, one dispatcher thread, %d rounds x (%d warm-up + %d measured)"
                + " iterations per JVM)%n", pairs, warmup, iterations);
        out.printf("%-10s %12s %12s %8s %16s %10s %10s%n", "benchmark", "base ms", "record ms", "ratio", "ratio min..max",
                "B/msg", "MB/s");
        for (String bench : benchmarks) {
            List<Double> ratios = new ArrayList<>();
            List<Long> base = new ArrayList<>();
            List<Long> recorded = new ArrayList<>();
            double bytesPerMessage = 0;
            double megabytesPerSecond = 0;
            for (int r = 0; r < pairs; r++) {
                SavinaRun b = SavinaRun.run(setup, bench, null, "single", warmup, iterations, false);
                Path trace = Files.createTempDirectory("reprise-bench").resolve("trace");
                SavinaRun rec = SavinaRun.run(setup, bench, "record,trace=" + trace, "single", warmup, iterations, false);
                base.add(b.medianNanos());
                recorded.add(rec.medianNanos());
                ratios.add((double) rec.medianNanos() / b.medianNanos());
                TraceStatistics s = TraceAnalysis.run(trace).statistics();
                bytesPerMessage = s.bytesPerMessage();
                megabytesPerSecond = (s.eventBytes() + s.dataBytes()) / 1e6 / (rec.totalNanos() / 1e9);
                Stats.deleteTree(trace.getParent());
            }
            out.printf(Locale.ROOT, "%-10s %12.2f %12.2f %8.3f %7.3f..%-7.3f %10.3f %10.2f%n", bench, Stats.median(base) / 1e6,
                    Stats.median(recorded) / 1e6, Stats.median(ratios), ratios.stream().mapToDouble(d -> d).min().orElse(0),
                    ratios.stream().mapToDouble(d -> d).max().orElse(0), bytesPerMessage, megabytesPerSecond);
            out.flush();
        }
        return 0;
    }
}
