package dev.reprise.tools.bench;

import dev.reprise.tools.bench.AcmeAirSummary.Metric;
import dev.reprise.tools.bench.AcmeAirSummary.Ratio;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The Acme-Air report: report.md, report.csv and latency.svg. */
final class AcmeAirReport {
    private AcmeAirReport() {}

    /** The aims of issue 41 (SOMns's 0-3% for servers): recorded/untraced p99, and throughput in the closed loop. */
    static final double P99_BAR = 1.03;

    static final double THROUGHPUT_BAR = 0.97;

    /** The SOMns figure for the trace rate. */
    static final double MB_PER_SECOND_BAR = 1.4;

    /** The aim of issue 41 for what a request adds to the trace. */
    static final double BYTES_PER_REQUEST_BAR = 200;

    static void write(Path out, AcmeAirSummary summary, AcmeAirPlan plan, double openRate, AcmeAirReplay.Outcome replay)
            throws IOException {
        Files.createDirectories(out);
        Files.writeString(out.resolve("report.md"), markdown(summary, plan, openRate, replay));
        Files.writeString(out.resolve("report.csv"), csv(summary));
        Files.writeString(out.resolve("latency.svg"), AcmeAirChart.svg(summary));
    }

    static String markdown(AcmeAirSummary s, AcmeAirPlan plan, double openRate, AcmeAirReplay.Outcome replay) {
        StringBuilder sb = new StringBuilder("# Acme-Air: latency and trace rate, untraced and recorded\n\n");
        sb.append(String.format(
                Locale.ROOT,
                "%s run: %d round(s), each an untraced and a recorded server in separate "
                        + "JVMs (order alternating per round), each on a fresh Derby database with %,d customers; %d s closed-loop "
                        + "warm-up per server, not measured. Latency in µs, timed by System.nanoTime in the driver from just before "
                        + "each request (an open loop's: its intended start) to just after its answer, and by the server for \""
                        + DriverResult.SERVER_SIDE
                        + "\" (from the request decoded to the response written, HdrHistogram; "
                        + "its clock reads are not recorded); medians over rounds; ratios "
                        + "are recorded/untraced per round, median and bootstrap 95%% interval. Machine: %s.%n%n",
                plan.quick() ? "Quick" : "Full",
                plan.rounds(),
                plan.customers(),
                plan.warmupSeconds(),
                Machine.describe()));
        workload(
                sb,
                s,
                AcmeAirRun.CLOSED,
                String.format(Locale.ROOT, "Closed loop: 1 thread, no think time, %d s", plan.closedSeconds()));
        if (s.has(AcmeAirRun.OPEN)) {
            workload(
                    sb,
                    s,
                    AcmeAirRun.OPEN,
                    String.format(
                            Locale.ROOT,
                            "Open loop: %.1f requests/s (%.0f%% of the "
                                    + "untraced closed loop's rate in round 1), %d threads, %d s; latency from each request's intended start",
                            openRate,
                            AcmeAirPlan.OPEN_LOAD * 100,
                            plan.openThreads(),
                            plan.openSeconds()));
        }
        trace(sb, s);
        sb.append("## Replay\n\nThe first round's recording replayed with no driver and no database (`input=trace`), "
                        + "checked step by step against the recording's response hash chain: ")
                .append(replay.describe())
                .append(".\n");
        return sb.toString();
    }

    private static void workload(StringBuilder sb, AcmeAirSummary s, String workload, String title) {
        sb.append("## ")
                .append(title)
                .append("\n\n| label | configuration | count | req/s | p50 | p90 | p99 | p99.9 |\n")
                .append("|---|---|---|---|---|---|---|---|\n");
        for (String label : s.labels(workload)) {
            for (String config : List.of(AcmeAirRun.UNTRACED, AcmeAirRun.RECORDED)) {
                sb.append("| ").append(label).append(" | ").append(config);
                sb.append(" | ").append(number(s.median(workload, label, config, Metric.COUNT), "%.0f"));
                sb.append(" | ").append(number(s.median(workload, label, config, Metric.THROUGHPUT), "%.1f"));
                for (Metric m : Metric.LATENCIES) {
                    sb.append(" | ").append(number(s.median(workload, label, config, m), "%.0f"));
                }
                sb.append(" |\n");
            }
        }
        sb.append("\nRecorded/untraced, median over rounds (95% interval); the noise floor is untraced against the "
                + "next round's untraced (A/A).\n\n| label | req/s | p50 | p90 | p99 | p99.9 | A/A p99 |\n"
                + "|---|---|---|---|---|---|---|\n");
        for (String label : s.labels(workload)) {
            sb.append("| ").append(label).append(" | ").append(ratio(s.ratio(workload, label, Metric.THROUGHPUT)));
            for (Metric m : Metric.LATENCIES) {
                sb.append(" | ").append(ratio(s.ratio(workload, label, m)));
            }
            sb.append(" | ").append(ratio(s.noise(workload, label, Metric.P99))).append(" |\n");
        }
        double worst = s.labels(workload).stream()
                .mapToDouble(l -> s.ratio(workload, l, Metric.P99).median())
                .filter(v -> !Double.isNaN(v))
                .max()
                .orElse(Double.NaN);
        sb.append(String.format(
                Locale.ROOT,
                "%nHighest p99 ratio over the labels: %s (aim: at most %.2f); requests per second, all requests: %s "
                        + "(aim: at least %.2f).%n%n",
                number(worst, "%.3f"),
                P99_BAR,
                number(s.ratio(workload, AcmeAirSummary.ALL, Metric.THROUGHPUT).median(), "%.3f"),
                THROUGHPUT_BAR));
    }

    private static void trace(StringBuilder sb, AcmeAirSummary s) {
        sb.append("## Trace\n\nSize of the trace directory after the server stopped (SIGTERM), over every request "
                + "it answered and the time it was loaded (warm-up included, as the recording covers it).\n\n"
                + "| round | MB | requests | bytes/request | MB/s | trace |\n|---|---|---|---|---|---|\n");
        for (AcmeAirRun r : s.runs()) {
            AcmeAirRun.Trace t = r.trace();
            if (t != null) {
                sb.append(String.format(
                        Locale.ROOT,
                        "| %d | %.2f | %d | %.0f | %.3f | %s |%n",
                        r.round(),
                        t.bytes() / 1e6,
                        t.requests(),
                        t.bytesPerRequest(),
                        t.megabytesPerSecond(),
                        t.problem() == null ? "sound" : t.problem()));
            }
        }
        double mbps = Stats.median(
                s.traces().stream().map(AcmeAirRun.Trace::megabytesPerSecond).toList());
        double perRequest = Stats.median(
                s.traces().stream().map(AcmeAirRun.Trace::bytesPerRequest).toList());
        sb.append(String.format(
                Locale.ROOT,
                "%nMedian: %.3f MB/s (aim: at most %.1f, the SOMns figure), %.0f bytes per request (aim: at most %.0f).%n%n",
                mbps,
                MB_PER_SECOND_BAR,
                perRequest,
                BYTES_PER_REQUEST_BAR));
    }

    static String csv(AcmeAirSummary s) {
        StringBuilder sb = new StringBuilder("workload,label,row,count,req_per_s,p50_ms,p90_ms,p99_ms,p999_ms\n");
        for (String workload : List.of(AcmeAirRun.CLOSED, AcmeAirRun.OPEN)) {
            if (!s.has(workload)) {
                continue;
            }
            for (String label : s.labels(workload)) {
                for (String config : List.of(AcmeAirRun.UNTRACED, AcmeAirRun.RECORDED)) {
                    sb.append(workload)
                            .append(',')
                            .append(csvText(label))
                            .append(',')
                            .append(config);
                    for (Metric m : Metric.values()) {
                        sb.append(',')
                                .append(number(
                                        s.median(workload, label, config, m),
                                        m == Metric.THROUGHPUT ? "%.2f" : "%.0f"));
                    }
                    sb.append('\n');
                }
                for (String row : List.of("ratio", "ratio_low", "ratio_high")) {
                    sb.append(workload)
                            .append(',')
                            .append(csvText(label))
                            .append(',')
                            .append(row)
                            .append(',');
                    for (Metric m : List.of(Metric.THROUGHPUT, Metric.P50, Metric.P90, Metric.P99, Metric.P999)) {
                        Ratio r = s.ratio(workload, label, m);
                        double v = row.equals("ratio") ? r.median() : row.equals("ratio_low") ? r.low() : r.high();
                        sb.append(',').append(number(v, "%.4f"));
                    }
                    sb.append('\n');
                }
            }
        }
        return sb.toString();
    }

    private static String csvText(String text) {
        return text.contains(",") ? '"' + text + '"' : text;
    }

    private static String number(double v, String format) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, format, v);
    }

    private static String ratio(Ratio r) {
        if (r.rounds() == 0) {
            return "-";
        }
        return r.rounds() == 1
                ? String.format(Locale.ROOT, "%.3f (1 round)", r.median())
                : String.format(Locale.ROOT, "%.3f (%.3f..%.3f)", r.median(), r.low(), r.high());
    }
}
