package dev.reprise.hookbench;

import dev.reprise.hookbench.HookBench.Config;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;

/** The hook benchmark's result table and its line against the aim. */
final class HookTable {
    private HookTable() {}

    static void print(Map<String, Map<Config, Tally>> tallies, PrintStream out) {
        out.println();
        out.println("Hook path, one dispatcher thread: per processed message (JMH average time; ± is a 95% interval)");
        out.printf("%-11s %9s %9s %15s %15s %11s %9s %9s%n", "benchmark", "baseline", "recorded", "added ns",
                "A/A floor ns", "added CPU", "added B", "trace B");
        double worst = 0;
        for (Map.Entry<String, Map<Config, Tally>> e : tallies.entrySet()) {
            Tally base = e.getValue().get(Config.BASELINE);
            Tally rec = e.getValue().get(Config.RECORDED);
            Tally again = e.getValue().get(Config.BASELINE_AGAIN);
            Difference added = Difference.between(rec.nsPerMessage, base.nsPerMessage);
            Difference floor = Difference.between(again.nsPerMessage, base.nsPerMessage);
            worst = Math.max(worst, added.mean());
            out.printf(Locale.ROOT, "%-11s %9.1f %9.1f %15s %15s %11.1f %9.1f %9.2f%n", e.getKey(), base.ns(), rec.ns(),
                    added.text(), floor.text(), rec.cpu() - base.cpu(), rec.bytes() - base.bytes(), rec.traceBytes());
        }
        out.println("(ns/msg; added = recorded - baseline; A/A floor = baseline again - baseline; added CPU = process"
                + " CPU ns/msg, all threads; added B = allocated bytes/msg; trace B = events file bytes/msg)");
        out.printf(Locale.ROOT, "aim: ≤ %.0f ns added per message: %s (worst %.1f ns)%n", HookBench.AIM_NS,
                worst <= HookBench.AIM_NS ? "met" : "not met", worst);
    }
}
