package dev.reprise.tools.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one run of the Acme-Air driver printed: per request label the figures, and the totals.
 *
 * @param labels figures by request label
 * @param total measured requests
 * @param errors failed measured requests
 * @param seconds time from the first measured request to the last answer
 * @param warmupRequests requests of the warm-up before the measured run (0 without one)
 * @param warmupSeconds how long the warm-up took
 */
record DriverResult(
        Map<String, Label> labels, long total, long errors, double seconds, long warmupRequests, double warmupSeconds) {

    /** The latency percentiles the driver prints, in its column order. */
    static final List<String> PERCENTILES = List.of("p50", "p90", "p99", "p99.9");

    /**
     * One label's figures.
     *
     * @param percentiles latency in µs at each of {@link #PERCENTILES}
     */
    record Label(long count, long errors, double throughput, List<Long> percentiles) {}

    /** The pseudo-label of the server's own latency over all requests ({@code --server-latency}). */
    static final String SERVER_SIDE = "server side, all requests";

    private static final Pattern SERVER = Pattern.compile(
            "^server side: (\\d+) requests, latency in us: p50 (\\d+), p90 (\\d+), p99 (\\d+), p99\\.9 (\\d+)");
    private static final Pattern WARMUP = Pattern.compile("^warm-up: (\\d+) samples, \\d+ errors over ([0-9.]+) s");
    private static final Pattern TOTAL =
            Pattern.compile("^TOTAL\\s+(\\d+)\\s+(\\d+)\\s+[0-9.]+\\s+.*over ([0-9.]+) s\\)");

    /** @return measured requests per second, all labels together */
    double throughput() {
        return total / seconds;
    }

    /**
     * Parses the driver's output: an optional warm-up line, an optional line of the server's own
     * latency (kept as the label {@link #SERVER_SIDE}), a header, one line per label (whose name may
     * hold spaces, so the seven figures are taken from the right) and a TOTAL line.
     *
     * @throws IOException if there is no TOTAL line or a label line is malformed
     */
    static DriverResult parse(List<String> lines) throws IOException {
        Map<String, Label> labels = new TreeMap<>();
        long warmupRequests = 0;
        double warmupSeconds = 0;
        boolean inTable = false;
        Matcher server = null;
        for (String line : lines) {
            Matcher w = WARMUP.matcher(line);
            Matcher t = TOTAL.matcher(line);
            Matcher sv = SERVER.matcher(line);
            if (sv.find()) {
                server = sv;
            } else if (w.find()) {
                warmupRequests = Long.parseLong(w.group(1));
                warmupSeconds = Double.parseDouble(w.group(2));
            } else if (line.startsWith("label ")) {
                inTable = true;
            } else if (t.find()) {
                double seconds = Double.parseDouble(t.group(3));
                if (server != null) {
                    long count = Long.parseLong(server.group(1));
                    List<Long> percentiles = new ArrayList<>();
                    for (int g = 2; g <= 5; g++) {
                        percentiles.add(Long.parseLong(server.group(g)));
                    }
                    labels.put(SERVER_SIDE, new Label(count, 0, count / seconds, percentiles));
                }
                return new DriverResult(
                        labels,
                        Long.parseLong(t.group(1)),
                        Long.parseLong(t.group(2)),
                        seconds,
                        warmupRequests,
                        warmupSeconds);
            } else if (inTable) {
                labels.put(labelName(line), label(line));
            }
        }
        throw new IOException("the driver printed no TOTAL line: " + String.join("\n", lines));
    }

    private static String labelName(String line) {
        String[] f = line.trim().split("\\s+");
        return String.join(" ", Arrays.asList(f).subList(0, f.length - 7));
    }

    private static Label label(String line) throws IOException {
        String[] f = line.trim().split("\\s+");
        if (f.length < 8) {
            throw new IOException("unexpected driver line: " + line);
        }
        int n = f.length;
        try {
            List<Long> percentiles = new ArrayList<>();
            for (int i = n - 4; i < n; i++) {
                percentiles.add(Long.parseLong(f[i]));
            }
            return new Label(
                    Long.parseLong(f[n - 7]), Long.parseLong(f[n - 6]), Double.parseDouble(f[n - 5]), percentiles);
        } catch (NumberFormatException e) {
            throw new IOException("unexpected driver line: " + line, e);
        }
    }
}
