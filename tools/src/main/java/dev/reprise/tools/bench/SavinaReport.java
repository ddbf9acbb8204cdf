package dev.reprise.tools.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The Savina report: report.md, report.csv and overhead.svg. */
final class SavinaReport {
    private SavinaReport() {}

    static void write(Path out, List<SavinaBenchCommand.Row> rows, boolean quick, int rounds, int warmup,
                      int iterations) throws IOException {
        Files.writeString(out.resolve("report.md"), markdown(rows, quick, rounds, warmup, iterations));
        Files.writeString(out.resolve("report.csv"), csv(rows));
        Files.writeString(out.resolve("overhead.svg"), svg(rows));
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    private static String ms(List<Long> nanos) {
        return nanos.isEmpty() ? "-" : String.format(Locale.ROOT, "%.2f", Stats.median(nanos) / 1e6);
    }

    private static String ratio(List<Long> a, List<Long> b) {
        return a.isEmpty() || b.isEmpty() ? "-" : f(Stats.median(a) / Stats.median(b));
    }

    static String markdown(List<SavinaBenchCommand.Row> rows, boolean quick, int rounds, int warmup, int iterations) {
        StringBuilder sb = new StringBuilder("# Savina: recording overhead, trace size and replay\n\n");
        sb.append(String.format(Locale.ROOT, "%s parameters; %d round(s) of separate JVMs per benchmark and "
                + "dispatcher; %d warm-up iterations discarded, median of %d measured. Machine: %d cores, %s.%n%n",
                quick ? "Quick" : "Paper (SOMns savina-jit)", rounds, warmup, iterations,
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name") + " " + System.getProperty("java.version")));
        for (String dispatcher : List.of("single", "default")) {
            List<SavinaBenchCommand.Row> rs = rows.stream().filter(r -> r.dispatcher().equals(dispatcher)).toList();
            if (rs.isEmpty()) {
                continue;
            }
            sb.append("## Dispatcher: ").append(dispatcher.equals("single") ? "one thread" : "Akka default").append("\n\n");
            sb.append("| benchmark | base ms | record ms | record/base (min..max) | full-ids ms | full/base | B/msg | MB/s | replay ms | replay/record | replay checks |\n");
            sb.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
            for (SavinaBenchCommand.Row r : rs) {
                sb.append("| ").append(r.benchmark()).append(" | ").append(ms(r.base())).append(" | ").append(ms(r.small()))
                        .append(" | ").append(f(r.smallRatio())).append(" (")
                        .append(f(r.smallRatios().stream().mapToDouble(d -> d).min().orElse(Double.NaN))).append("..")
                        .append(f(r.smallRatios().stream().mapToDouble(d -> d).max().orElse(Double.NaN))).append(") | ")
                        .append(ms(r.full())).append(" | ").append(ratio(r.full(), r.base())).append(" | ")
                        .append(f(r.bytesPerMessage())).append(" | ").append(f(r.megabytesPerSecond())).append(" | ")
                        .append(ms(r.replay())).append(" | ").append(ratio(r.replay(), r.small())).append(" | ")
                        .append(r.replayPassed() ? "all passed" : "FAILED: " + r.replayProblem()).append(" |\n");
            }
            List<Double> ratios = rs.stream().map(SavinaBenchCommand.Row::smallRatio).toList();
            sb.append(String.format(Locale.ROOT, "%nOver %d benchmarks: recording overhead geometric mean %.1f%%, maximum "
                    + "%.1f%% (aim 5%% and 15%%; SOMns 10%% and 20%%); bytes per message, mean %.3f (aim at most 2); "
                    + "trace MB/s, maximum %.2f (aim at most 30; SOMns up to 59); replays passing every check: %d of %d.%n%n",
                    rs.size(), (Stats.geometricMean(ratios) - 1) * 100,
                    (ratios.stream().mapToDouble(d -> d).max().orElse(Double.NaN) - 1) * 100,
                    rs.stream().mapToDouble(SavinaBenchCommand.Row::bytesPerMessage).average().orElse(Double.NaN),
                    rs.stream().mapToDouble(SavinaBenchCommand.Row::megabytesPerSecond).max().orElse(Double.NaN),
                    rs.stream().filter(SavinaBenchCommand.Row::replayPassed).count(), rs.size()));
        }
        return sb.toString();
    }

    static String csv(List<SavinaBenchCommand.Row> rows) {
        String header = "benchmark,dispatcher,base_ms,record_ms,record_ratio,record_ratio_min,record_ratio_max,full_ms,"
                + "full_ratio,bytes_per_message,mb_per_s,replay_ms,replay_record_ratio,replay_passed\n";
        return header + rows.stream().map(r -> String.join(",", r.benchmark(), r.dispatcher(), ms(r.base()), ms(r.small()),
                f(r.smallRatio()), f(r.smallRatios().stream().mapToDouble(d -> d).min().orElse(Double.NaN)),
                f(r.smallRatios().stream().mapToDouble(d -> d).max().orElse(Double.NaN)), ms(r.full()),
                ratio(r.full(), r.base()), f(r.bytesPerMessage()), f(r.megabytesPerSecond()), ms(r.replay()),
                ratio(r.replay(), r.small()), Boolean.toString(r.replayPassed()))).collect(Collectors.joining("\n")) + "\n";
    }

    /** Horizontal bars: recording overhead (%) per benchmark, one bar per dispatcher. */
    static String svg(List<SavinaBenchCommand.Row> rows) {
        List<String> names = rows.stream().map(SavinaBenchCommand.Row::benchmark).distinct().toList();
        double max = Math.max(10, rows.stream().mapToDouble(r -> (r.smallRatio() - 1) * 100).max().orElse(10));
        int barArea = 500;
        int height = 40 + names.size() * 30;
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n",
                260 + barArea + 80, height));
        sb.append("<text x=\"10\" y=\"18\" font-weight=\"bold\">Recording overhead (%): one thread (dark), default dispatcher (light)</text>\n");
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            int y = 30 + i * 30;
            sb.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\">%s</text>%n", y + 16, name));
            int lane = 0;
            for (String dispatcher : List.of("single", "default")) {
                for (SavinaBenchCommand.Row r : rows) {
                    if (r.benchmark().equals(name) && r.dispatcher().equals(dispatcher)) {
                        double pct = (r.smallRatio() - 1) * 100;
                        int w = (int) Math.max(1, Math.round(Math.max(0, pct) / max * barArea));
                        sb.append(String.format(Locale.ROOT,
                                "<rect x=\"250\" y=\"%d\" width=\"%d\" height=\"12\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">%.1f</text>%n",
                                y + 2 + lane * 13, w, lane == 0 ? "#2b5797" : "#9fb7d9", 255 + w, y + 12 + lane * 13, pct));
                    }
                }
                lane++;
            }
        }
        return sb.append("</svg>\n").toString();
    }
}
