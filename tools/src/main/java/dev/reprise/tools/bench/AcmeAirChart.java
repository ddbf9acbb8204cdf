package dev.reprise.tools.bench;

import dev.reprise.tools.bench.AcmeAirSummary.Metric;
import java.util.List;
import java.util.Locale;

/** The latency chart of the Acme-Air report: p50 to p99.9 per label, untraced beside recorded. */
final class AcmeAirChart {
    private AcmeAirChart() {}

    private static final int BAR_AREA = 480;
    private static final int ROW = 13;

    /**
     * Horizontal bars on a log scale (latencies span 100 µs to seconds), one group per workload and
     * label, one pair of bars (untraced dark, recorded light) per percentile.
     */
    static String svg(AcmeAirSummary s) {
        List<String> workloads = List.of(AcmeAirRun.CLOSED, AcmeAirRun.OPEN).stream()
                .filter(s::has)
                .toList();
        double max = 1;
        int groups = 0;
        for (String w : workloads) {
            for (String label : labels(s, w)) {
                groups++;
                for (String config : List.of(AcmeAirRun.UNTRACED, AcmeAirRun.RECORDED)) {
                    for (Metric m : Metric.LATENCIES) {
                        double v = s.median(w, label, config, m);
                        max = Double.isNaN(v) ? max : Math.max(max, v);
                    }
                }
            }
        }
        int groupHeight = Metric.LATENCIES.size() * 2 * ROW + 16;
        int height = 40 + groups * groupHeight + workloads.size() * 20;
        StringBuilder sb = new StringBuilder(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"11\">%n",
                250 + BAR_AREA + 80,
                height));
        sb.append(
                "<text x=\"10\" y=\"18\" font-weight=\"bold\">Latency in µs (log scale): untraced (dark), recorded (light)</text>\n");
        int y = 30;
        for (String w : workloads) {
            sb.append(String.format(
                    Locale.ROOT,
                    "<text x=\"10\" y=\"%d\" font-weight=\"bold\">%s loop</text>%n",
                    y + 12,
                    w.equals(AcmeAirRun.CLOSED) ? "Closed" : "Open"));
            y += 20;
            for (String label : labels(s, w)) {
                sb.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\">%s</text>%n", y + 12, label));
                for (Metric m : Metric.LATENCIES) {
                    sb.append(String.format(
                            Locale.ROOT, "<text x=\"200\" y=\"%d\">%s</text>%n", y + 2 * ROW - 3, m.title));
                    int lane = 0;
                    for (String config : List.of(AcmeAirRun.UNTRACED, AcmeAirRun.RECORDED)) {
                        double v = s.median(w, label, config, m);
                        if (!Double.isNaN(v)) {
                            int width = (int) Math.max(1, Math.round(Math.log1p(v) / Math.log1p(max) * BAR_AREA));
                            sb.append(String.format(
                                    Locale.ROOT,
                                    "<rect x=\"250\" y=\"%d\" width=\"%d\" height=\"%d\" "
                                            + "fill=\"%s\"/><text x=\"%d\" y=\"%d\">%.0f</text>%n",
                                    y + lane * ROW,
                                    width,
                                    ROW - 2,
                                    lane == 0 ? "#2b5797" : "#9fb7d9",
                                    255 + width,
                                    y + lane * ROW + ROW - 3,
                                    v));
                        }
                        lane++;
                    }
                    y += 2 * ROW;
                }
                y += 16;
            }
        }
        return sb.append("</svg>\n").toString();
    }

    private static List<String> labels(AcmeAirSummary s, String workload) {
        return s.labels(workload).stream()
                .filter(l -> !l.equals(AcmeAirSummary.ALL))
                .toList();
    }
}
