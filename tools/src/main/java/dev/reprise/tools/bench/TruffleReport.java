package dev.reprise.tools.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The report of {@code bench truffle}: report.md and report.csv. */
final class TruffleReport {
    private TruffleReport() {}

    /** How the run was made, for the report's header. */
    record Setup(boolean quick, int pairs, int iterations, int measured, long seed, TideFeatures features) {}

    /** One benchmark's figures: the row as {@code bench savina} computes it, and the compilation evidence. */
    record Entry(TideBenchmark benchmark, TruffleMeasurement.Result result) {}

    static void write(Path out, List<Entry> entries, Setup setup) throws IOException {
        Files.writeString(out.resolve("report.md"), markdown(entries, setup));
        Files.writeString(out.resolve("report.csv"), csv(entries, setup));
    }

    static String markdown(List<Entry> entries, Setup setup) {
        StringBuilder sb = new StringBuilder("# Tide on Truffle: recording overhead, trace size and replay\n\n");
        sb.append(String.format(
                Locale.ROOT,
                "%s sizes. The Savina programs of `runtime/truffle/src/test/tide/savina`, on "
                        + "the Graal-compiled engine (JVMCI, the jar-based compiler on the module path). Per benchmark, %d block(s) "
                        + "of separate JVMs run in turn (%s), in a seeded order (seed %d) reversed on alternate blocks. Each JVM runs "
                        + "the program many times in one context, times each run, and checks each run's result line. Runs are "
                        + "warm-up until the JVM's compilers are quiet (HotSpot's compilation time, which on a stock JDK includes "
                        + "compiling the jar-based Graal compiler itself, plus Graal's compiler threads' CPU time, under 5%% of the "
                        + "time of 20 consecutive runs); then the JVM measures %d runs and stops (at most %d runs in all; a JVM "
                        + "whose compilers never went quiet has its warm-up found by MSER instead, at most half). Ratios are the median over blocks of the ratio of median steady-state iteration times, with a "
                        + "two-level bootstrap 95%% interval (blocks, then iterations); the A/A floor is each block's untraced JVM "
                        + "against the next block's. A recorded JVM writes one trace for all its runs, as a recorded process "
                        + "does: the first run opens it and closing the context ends it, so a later run's time has the recording "
                        + "but not the trace's opening and ending. Bytes per message are the trace's event bytes over its messages. "
                        + "Each recorded JVM's trace is replayed in one more JVM, run by run, as many runs "
                        + "as were recorded, which must pass the same check (its warm-up found by MSER); replay/record compares their steady-state medians. Every JVM logs Graal's "
                        + "compilations (engine.TraceCompilation): the specialisation evidence below. Machine: %s.%s%n%n",
                setup.quick() ? "Quick" : "Full (SOMns savina-jit)",
                setup.pairs(),
                setup.features().record() ? "untraced, recorded" : "untraced only",
                setup.seed(),
                setup.measured(),
                setup.iterations(),
                Machine.describe(),
                setup.quick()
                        ? " Quick JVMs are short: the jar-based Graal compiler may not have compiled the hot Tide code "
                                + "before they end (see the compilation counts), so their ratios say little about the overhead."
                        : ""));
        sb.append("Arms: ").append(setup.features().describe()).append(".\n\n");
        sb.append(
                "| benchmark | arguments | record/untraced [95% CI] | A/A floor [95% CI] | CPU record/untraced [95% CI] "
                        + "| warm-up its | B/msg | MB/s | replay/record [95% CI] | replay checks |\n|---|---|---|---|---|---|---|---|---|---|\n");
        for (Entry e : entries) {
            SavinaRow r = e.result().row();
            sb.append("| ")
                    .append(r.benchmark())
                    .append(" | ")
                    .append(String.join(" ", e.benchmark().arguments(setup.quick())))
                    .append(" | ")
                    .append(estimate(r.record()))
                    .append(" | ")
                    .append(estimate(r.floor()))
                    .append(" | ")
                    .append(estimate(r.recordCpu()))
                    .append(" | ")
                    .append(String.format(Locale.ROOT, "%.0f (%d of %d quiet)", r.warmup(), r.quietJvms(), r.jvms()))
                    .append(" | ")
                    .append(f(r.bytesPerMessage(), "%.3f"))
                    .append(" | ")
                    .append(f(r.megabytesPerSecond(), "%.2f"))
                    .append(" | ")
                    .append(estimate(r.replay()))
                    .append(" | ")
                    .append(replayChecks(r, setup))
                    .append(" |\n");
        }
        List<SavinaRow> rows = entries.stream().map(e -> e.result().row()).toList();
        sb.append("\n")
                .append(
                        setup.features().record()
                                ? SavinaReport.summary(rows, List.of())
                                : "No recording overhead was measured: this build of Tide cannot record. The A/A floor above is what a "
                                        + "recorded arm's ratio would have to be told apart from.")
                .append("\n\n");
        sb.append(
                "## Specialisation evidence\n\nThe engine log of every JVM, per arm: Graal's compilations finished and "
                        + "failed, deoptimisations and invalidations (engine.TraceCompilation), and width widenings: transfers from "
                        + "compiled code to the interpreter whose stack passes through a tracing node's id-width specialisation "
                        + "(IdWidthNode; engine.TraceTransferToInterpreter), i.e. an id wider than the width it had specialised to "
                        + "(1, 2, 3 bytes, then any), met in compiled code. Tracing that re-specialised often in compiled code would "
                        + "show as deoptimisations and widenings in the recorded arm beyond the untraced one. Switch "
                        + "respecialisations are transfers through an actor-switch node (ActorSwitchNode): a site that had seen "
                        + "only actor switches met the same actor's subtrace going on, or the other way round.\n\n"
                        + "| benchmark | untraced | recorded | replayed |\n|---|---|---|---|\n");
        for (Entry e : entries) {
            var c = e.result().compilations();
            sb.append("| ")
                    .append(e.benchmark().name())
                    .append(" | ")
                    .append(describe(c.get(SavinaArm.BASE)))
                    .append(" | ")
                    .append(describe(c.get(SavinaArm.RECORD)))
                    .append(" | ")
                    .append(describe(e.result().replayCompilations()))
                    .append(" |\n");
        }
        sb.append("\nWhich specialisations the tracing nodes ended with: each recorded JVM's trace counts them in its "
                + "metadata when it ends (Tide's TracingCensus, over the program's ASTs), summed here over the recorded "
                + "JVMs. Widths by site (message, promiseMessage, creation, systemCall): oneByte, twoBytes, threeBytes, "
                + "anyWidth. The message tracer: sameSender (one sender held as a constant) or anySender. The actor "
                + "switch by site: switched (only switches seen), sameActor (only the same actor's subtrace going on), "
                + "or both.\n\n| benchmark | id widths | message tracer | actor switch |\n|---|---|---|---|\n");
        for (Entry e : entries) {
            Map<String, Long> nodes = e.result().recordedNodes();
            sb.append("| ")
                    .append(e.benchmark().name())
                    .append(" | ")
                    .append(nodes(nodes, "width."))
                    .append(" | ")
                    .append(nodes(nodes, "sender."))
                    .append(" | ")
                    .append(nodes(nodes, "switch."))
                    .append(" |\n");
        }
        return sb.toString();
    }

    /** The counts of the nodes whose keys start with {@code prefix}: "message oneByte 5, creation oneByte 10", or "-". */
    static String nodes(Map<String, Long> nodes, String prefix) {
        List<String> parts = new ArrayList<>();
        nodes.forEach((key, n) -> {
            if (key.startsWith(prefix)) {
                parts.add(key.substring(prefix.length()).replace('.', ' ') + " " + n);
            }
        });
        return parts.isEmpty() ? "-" : String.join(", ", parts);
    }

    private static String replayChecks(SavinaRow r, Setup setup) {
        if (!r.replayPassed()) {
            return "FAILED: " + r.replayProblem();
        }
        return setup.features().record() && setup.features().replay() ? "all passed" : "not replayed";
    }

    private static String describe(CompilationLog log) {
        return log == null || log.jvms() == 0 ? "-" : log.describe();
    }

    /** An estimate with its interval, or "-" when there is none. */
    static String estimate(Stats.Estimate e) {
        return Double.isNaN(e.value()) ? "-" : e.toString();
    }

    /** v in the format, or "-" when it is NaN. */
    static String f(double v, String format) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, format, v);
    }

    static String csv(List<Entry> entries, Setup setup) {
        StringBuilder sb = new StringBuilder(
                "benchmark,arguments,pairs,iterations,measured_iterations,record_ratio,record_low,record_high,"
                        + "cpu_ratio,cpu_low,cpu_high,floor_ratio,floor_low,floor_high,warmup_iterations,quiet_jvms,jvms,bytes_per_message,"
                        + "mb_per_s,replay_record_ratio,replay_low,replay_high,replay_passed,"
                        + "untraced_compiled,untraced_failed,untraced_deopts,untraced_invalidations,untraced_widenings,untraced_switches,"
                        + "recorded_compiled,recorded_failed,recorded_deopts,recorded_invalidations,recorded_widenings,recorded_switches,"
                        + "recorded_nodes\n");
        for (Entry e : entries) {
            SavinaRow r = e.result().row();
            List<String> cells = new ArrayList<>(List.of(
                    r.benchmark(),
                    String.join(" ", e.benchmark().arguments(setup.quick())),
                    Integer.toString(r.pairs()),
                    Integer.toString(setup.iterations()),
                    Integer.toString(setup.measured())));
            for (Stats.Estimate est : List.of(r.record(), r.recordCpu(), r.floor())) {
                cells.addAll(cells(est));
            }
            cells.addAll(List.of(
                    f(r.warmup(), "%.0f"),
                    Integer.toString(r.quietJvms()),
                    Integer.toString(r.jvms()),
                    f(r.bytesPerMessage(), "%.3f"),
                    f(r.megabytesPerSecond(), "%.2f")));
            cells.addAll(cells(r.replay()));
            cells.add(Boolean.toString(r.replayPassed()));
            for (SavinaArm arm : List.of(SavinaArm.BASE, SavinaArm.RECORD)) {
                CompilationLog c = e.result().compilations().get(arm);
                cells.addAll(
                        c == null
                                ? List.of("-", "-", "-", "-", "-", "-")
                                : List.of(
                                        Long.toString(c.done()),
                                        Long.toString(c.failed()),
                                        Long.toString(c.deopts()),
                                        Long.toString(c.invalidations()),
                                        Long.toString(c.widenings()),
                                        Long.toString(c.switches())));
            }
            List<String> nodes = new ArrayList<>(); // one cell: "width.message.oneByte=5;switch.creation.sameActor=10"
            e.result().recordedNodes().forEach((key, n) -> nodes.add(key + "=" + n));
            cells.add(nodes.isEmpty() ? "-" : String.join(";", nodes));
            sb.append(String.join(
                            ",", cells.stream().map(c -> c.equals("-") ? "" : c).toList()))
                    .append("\n");
        }
        return sb.toString();
    }

    private static List<String> cells(Stats.Estimate e) {
        return List.of(f(e.value(), "%.3f"), f(e.low(), "%.3f"), f(e.high(), "%.3f"));
    }
}
