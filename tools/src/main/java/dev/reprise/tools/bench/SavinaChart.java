package dev.reprise.tools.bench;

import java.util.List;
import java.util.Locale;

/**
 * overhead.svg: per benchmark, one lane per dispatcher with the recording overhead (%) as a bar, its
 * 95% interval as a whisker, the A/A floor's interval as a grey band, and each peer's overhead as a
 * coloured tick; dashed lines at the aims (5% and 15%).
 */
final class SavinaChart {
    private SavinaChart() {}

    private static final String[] PEER_COLOURS = {"#8e44ad", "#c0392b", "#27ae60", "#e67e22"};
    private static final int LEFT = 250;
    private static final int WIDTH = 560;

    static String svg(List<SavinaRow> rows) {
        List<String> names = rows.stream().map(SavinaRow::benchmark).distinct().toList();
        List<String> peers = SavinaReport.peerNames(rows);
        double max = 20;
        for (SavinaRow r : rows) {
            max = Math.max(max, pct(r.record().high()));
            for (SavinaRow.Peer p : r.peers()) {
                max = Math.max(max, pct(p.ratio().value()));
            }
        }
        double min = Math.min(
                0,
                rows.stream()
                        .flatMapToDouble(r -> java.util.stream.DoubleStream.of(
                                pct(r.record().low()), pct(r.floor().low())))
                        .filter(v -> !Double.isNaN(v))
                        .min()
                        .orElse(0));
        int height = 70 + names.size() * 30;
        StringBuilder sb = new StringBuilder(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n",
                LEFT + WIDTH + 60,
                height));
        sb.append("<text x=\"10\" y=\"18\" font-weight=\"bold\">Recording overhead (%) with 95% interval: one thread "
                + "(dark), default dispatcher (light); grey: A/A floor</text>\n");
        StringBuilder legend = new StringBuilder("<text x=\"10\" y=\"36\">");
        for (int i = 0; i < peers.size(); i++) {
            legend.append(String.format(
                    Locale.ROOT,
                    "<tspan fill=\"%s\">| %s</tspan> ",
                    PEER_COLOURS[i % PEER_COLOURS.length],
                    peers.get(i)));
        }
        sb.append(legend).append("dashed: aims 5% and 15%</text>\n");
        for (double aim : new double[] {5, 15}) {
            int x = x(aim, min, max);
            sb.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" y1=\"44\" x2=\"%d\" y2=\"%d\" stroke=\"#888\" stroke-dasharray=\"4,3\"/>%n",
                    x,
                    x,
                    height - 10));
        }
        int zero = x(0, min, max);
        sb.append(String.format(
                Locale.ROOT,
                "<line x1=\"%d\" y1=\"44\" x2=\"%d\" y2=\"%d\" stroke=\"#000\"/>%n",
                zero,
                zero,
                height - 10));
        for (int i = 0; i < names.size(); i++) {
            int y = 50 + i * 30;
            sb.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\">%s</text>%n", y + 16, names.get(i)));
            int lane = 0;
            for (String dispatcher : SavinaBenchCommand.DISPATCHERS) {
                for (SavinaRow r : rows) {
                    if (r.benchmark().equals(names.get(i)) && r.dispatcher().equals(dispatcher)) {
                        lane(sb, r, y + 2 + lane * 13, lane, min, max);
                    }
                }
                lane++;
            }
        }
        return sb.append("</svg>\n").toString();
    }

    private static void lane(StringBuilder sb, SavinaRow r, int y, int lane, double min, double max) {
        int zero = x(0, min, max);
        if (!Double.isNaN(r.floor().value())) {
            int lo = x(pct(r.floor().low()), min, max);
            int hi = x(pct(r.floor().high()), min, max);
            sb.append(String.format(
                    Locale.ROOT,
                    "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"12\" fill=\"#ddd\"/>%n",
                    lo,
                    y,
                    Math.max(1, hi - lo)));
        }
        double pct = pct(r.record().value());
        int end = x(pct, min, max);
        sb.append(String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"10\" fill=\"%s\"/>%n",
                Math.min(zero, end),
                y + 1,
                Math.max(1, Math.abs(end - zero)),
                lane == 0 ? "#2b5797" : "#9fb7d9"));
        int lo = x(pct(r.record().low()), min, max);
        int hi = x(pct(r.record().high()), min, max);
        sb.append(String.format(
                Locale.ROOT,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000\"/>%n",
                lo,
                y + 6,
                hi,
                y + 6));
        for (int p = 0; p < r.peers().size(); p++) {
            int px = x(pct(r.peers().get(p).ratio().value()), min, max);
            sb.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>%n",
                    px,
                    y,
                    px,
                    y + 12,
                    PEER_COLOURS[p % PEER_COLOURS.length]));
        }
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%.1f</text>%n", LEFT + WIDTH + 5, y + 10, pct));
    }

    private static double pct(double ratio) {
        return (ratio - 1) * 100;
    }

    private static int x(double pct, double min, double max) {
        return LEFT + (int) Math.round((pct - min) / (max - min) * WIDTH);
    }
}
