package dev.reprise.hookbench;

import dev.reprise.hookbench.HookBench.Config;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/** The hook benchmark's result table and its line against the aim. */
final class HookTable {
    private HookTable() {}

    static void print(Map<String, Map<Config, Tally>> tallies, PrintStream out) {
        out.println();
        out.println("Hook path, one dispatcher thread, per processed message: medians of the measurement iterations,");
        out.println("± half a bootstrap 95% interval; added = recorded - baseline; A/A = baseline again - baseline");
        out.printf(
                "%-11s %8s %8s %14s %14s %8s %14s %14s %7s %7s %7s%n",
                "benchmark",
                "base ns",
                "rec ns",
                "added ns",
                "A/A ns",
                "base CPU",
                "added CPU ns",
                "A/A CPU ns",
                "base B",
                "added B",
                "trace B");
        double worst = 0;
        double worstCpu = 0;
        for (Map.Entry<String, Map<Config, Tally>> e : tallies.entrySet()) {
            Tally base = e.getValue().get(Config.BASELINE);
            Tally rec = e.getValue().get(Config.RECORDED);
            Tally again = e.getValue().get(Config.BASELINE_AGAIN);
            Difference added = Difference.between(rec.nsPerMessage, base.nsPerMessage);
            Difference addedCpu = Difference.between(rec.cpuNsPerMessage, base.cpuNsPerMessage);
            worst = Math.max(worst, added.median());
            worstCpu = Math.max(worstCpu, addedCpu.median());
            out.printf(
                    Locale.ROOT,
                    "%-11s %8.1f %8.1f %14s %14s %8.1f %14s %14s %7.1f %7.1f %7.3f%n",
                    e.getKey(),
                    Difference.median(base.nsPerMessage),
                    Difference.median(rec.nsPerMessage),
                    added.text(),
                    Difference.between(again.nsPerMessage, base.nsPerMessage).text(),
                    Difference.median(base.cpuNsPerMessage),
                    addedCpu.text(),
                    Difference.between(again.cpuNsPerMessage, base.cpuNsPerMessage)
                            .text(),
                    Difference.median(base.bytesPerMessage),
                    Difference.median(rec.bytesPerMessage) - Difference.median(base.bytesPerMessage),
                    Difference.median(rec.traceBytesPerMessage));
        }
        out.println("(CPU = process CPU time, all threads, per message; B = bytes allocated per message, gc profiler;"
                + " trace B = events file bytes per message)");
        // Both: on a busy machine wall time is noisy (descheduling), CPU time is not, but misses waiting.
        out.printf(
                Locale.ROOT,
                "aim: ≤ %.0f ns added per message: %s (worst median added: %.1f ns wall, %.1f ns CPU;"
                        + " compare with the A/A columns)%n",
                HookBench.AIM_NS,
                Math.max(worst, worstCpu) <= HookBench.AIM_NS ? "met" : "not met",
                worst,
                worstCpu);
    }

    /**
     * What the packaged agent's recording costs beside the other build's ({@code --against}), per
     * message: negative when the packaged build is cheaper. The A/A column of {@link #print} is
     * the floor these differences are to be read against.
     */
    static void printAgainst(Map<String, Map<Config, Tally>> tallies, Path againstJar, PrintStream out) {
        out.println();
        out.println(
                "Against " + againstJar + ": recorded - recorded by it, per processed message (negative: cheaper now)");
        out.printf(
                "%-11s %10s %10s %14s %14s %12s%n",
                "benchmark", "it ns", "now ns", "now - it ns", "CPU now - it", "trace B it");
        for (Map.Entry<String, Map<Config, Tally>> e : tallies.entrySet()) {
            Tally it = e.getValue().get(Config.RECORDED_AGAINST);
            Tally now = e.getValue().get(Config.RECORDED);
            out.printf(
                    Locale.ROOT,
                    "%-11s %10.1f %10.1f %14s %14s %12.3f%n",
                    e.getKey(),
                    Difference.median(it.nsPerMessage),
                    Difference.median(now.nsPerMessage),
                    Difference.between(now.nsPerMessage, it.nsPerMessage).text(),
                    Difference.between(now.cpuNsPerMessage, it.cpuNsPerMessage).text(),
                    Difference.median(it.traceBytesPerMessage));
        }
    }
}
