package dev.reprise.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.tools.bench.AcmeAirSummary.Metric;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AcmeAirReportTest {
    private static final List<String> DRIVER_OUTPUT = List.of(
            "closed loop, 1 thread(s), no think time; latency from just before each request to just after its answer",
            "warm-up: 173 samples, 0 errors over 5.0 s (not measured)",
            "server side: 70 requests, latency in us: p50 210, p90 380, p99 1502, p99.9 1502",
            "label                         count  errors     req/s      p50      p90      p99    p99.9",
            "BookFlight                       55       0      11.1     8231    17012   270400   270400",
            "View Profile Information         15       0       3.0      412      530     1607     1607",
            "TOTAL                            70       0      14.1   (latencies in us, over 5.0 s)");

    @Test
    void parsesTheDriverOutputWithLabelsThatHoldSpaces() throws IOException {
        DriverResult d = DriverResult.parse(DRIVER_OUTPUT);
        assertEquals(
                List.of("BookFlight", "View Profile Information", DriverResult.SERVER_SIDE),
                List.copyOf(d.labels().keySet()));
        DriverResult.Label server = d.labels().get(DriverResult.SERVER_SIDE);
        assertEquals(70, server.count());
        assertEquals(14.0, server.throughput(), 1e-9);
        assertEquals(List.of(210L, 380L, 1502L, 1502L), server.percentiles());
        DriverResult.Label view = d.labels().get("View Profile Information");
        assertEquals(15, view.count());
        assertEquals(3.0, view.throughput());
        assertEquals(List.of(412L, 530L, 1607L, 1607L), view.percentiles());
        assertEquals(70, d.total());
        assertEquals(14.0, d.throughput(), 1e-9);
        assertEquals(173, d.warmupRequests());
        assertEquals(5.0, d.warmupSeconds());
    }

    @Test
    void anOutputWithoutTotalIsAnError() {
        IOException e = assertThrows(IOException.class, () -> DriverResult.parse(DRIVER_OUTPUT.subList(0, 4)));
        assertTrue(e.getMessage().contains("no TOTAL line"), e.getMessage());
    }

    /** A closed-loop result with one label, "Login", at the given p99 and throughput. */
    private static DriverResult result(long p99, double throughput) {
        return new DriverResult(
                Map.of("Login", new DriverResult.Label(100, 0, throughput, List.of(2L, 5L, p99, p99 * 2))),
                100,
                0,
                100 / throughput,
                20,
                2.0);
    }

    private static List<AcmeAirRun> runs(long[] untracedP99, long[] recordedP99) {
        List<AcmeAirRun> runs = new ArrayList<>();
        for (int i = 0; i < untracedP99.length; i++) {
            runs.add(new AcmeAirRun(
                    i + 1, AcmeAirRun.UNTRACED, Map.of(AcmeAirRun.CLOSED, result(untracedP99[i], 10.0)), null));
            runs.add(new AcmeAirRun(
                    i + 1,
                    AcmeAirRun.RECORDED,
                    Map.of(AcmeAirRun.CLOSED, result(recordedP99[i], 8.0)),
                    new AcmeAirRun.Trace(2_000_000, 1_000, 4.0, null)));
        }
        return runs;
    }

    @Test
    void ratiosArePerRoundWithTheirMedianAndInterval() {
        AcmeAirSummary s = new AcmeAirSummary(runs(new long[] {10, 20, 40}, new long[] {11, 30, 40}));
        AcmeAirSummary.Ratio p99 = s.ratio(AcmeAirRun.CLOSED, "Login", Metric.P99);
        // per round 1.1, 1.5, 1.0: median 1.1, the interval within the per-round extremes
        assertEquals(1.1, p99.median(), 1e-9);
        assertEquals(3, p99.rounds());
        assertTrue(
                p99.low() >= 1.0 && p99.high() <= 1.5 && p99.low() <= p99.median() && p99.median() <= p99.high(),
                p99::toString);
        assertEquals(
                0.8,
                s.ratio(AcmeAirRun.CLOSED, AcmeAirSummary.ALL, Metric.THROUGHPUT)
                        .median(),
                1e-9);
        // A/A: untraced 20/10 and 40/20
        assertEquals(2.0, s.noise(AcmeAirRun.CLOSED, "Login", Metric.P99).median(), 1e-9);
        assertEquals(20, s.median(AcmeAirRun.CLOSED, "Login", AcmeAirRun.UNTRACED, Metric.P99));
        assertTrue(
                Double.isNaN(s.median(AcmeAirRun.CLOSED, AcmeAirSummary.ALL, AcmeAirRun.UNTRACED, Metric.P99)),
                "the driver gives no percentiles over all labels");
        assertEquals(AcmeAirSummary.Ratio.NONE, s.ratio(AcmeAirRun.OPEN, "Login", Metric.P99));
    }

    @Test
    void theReportHasTablesRatiosTraceRateCsvAndChart() {
        AcmeAirSummary s = new AcmeAirSummary(runs(new long[] {10, 20}, new long[] {11, 22}));
        AcmeAirPlan plan = AcmeAirPlan.quick(2);
        String md = AcmeAirReport.markdown(
                s, plan, 7.0, new AcmeAirReplay.Outcome(false, 100, 60, "response 3 of 100 differs"));
        assertTrue(md.contains("| Login | untraced | 100 | 10.0 | 2 | 5 | 15 | 30 |"), md);
        assertTrue(md.contains("| Login | recorded | 100 | 8.0 | 2 | 5 | 17 | 33 |"), md);
        assertTrue(
                md.contains("| Login | 0.800 (0.800..0.800) | 1.000 (1.000..1.000) | 1.000 (1.000..1.000) | "
                        + "1.100 (1.100..1.100) | 1.100 (1.100..1.100) | 2.000 (1 round) |"),
                md);
        assertTrue(
                md.contains(
                        "Highest p99 ratio over the labels: 1.100 (aim: at most 1.03); requests per second, all requests: 0.800 (aim: at least 0.97)"),
                md);
        assertTrue(md.contains("| 1 | 2.00 | 1000 | 2000 | 0.500 | sound |"), md);
        assertTrue(
                md.contains(
                        "Median: 0.500 MB/s (aim: at most 1.4, the SOMns figure), 2000 bytes per request (aim: at most 200)."),
                md);
        assertTrue(md.contains("FAILED: response 3 of 100 differs"), md);
        assertTrue(
                AcmeAirReport.markdown(s, plan, 7.0, new AcmeAirReplay.Outcome(true, 100, 12.5, ""))
                        .contains("100 responses with identical hashes in 12.5 s"),
                md);
        assertTrue(!md.contains("Open loop"), "no open loop was measured");

        String csv = AcmeAirReport.csv(s);
        assertEquals(1 + 2 * 5, csv.lines().count(), csv);
        assertTrue(csv.contains("closed,Login,recorded,100,8.00,2,5,17,33\n"), csv);
        assertTrue(csv.contains("closed,Login,ratio,,0.8000,1.0000,1.0000,1.1000,1.1000\n"), csv);
        assertTrue(csv.contains("closed,all requests,untraced,100,10.00,-,-,-,-\n"), csv);

        String svg = AcmeAirChart.svg(s);
        assertTrue(svg.startsWith("<svg") && svg.contains(">Login<") && svg.contains(">p99.9<"), svg);
        assertEquals(8, svg.split("<rect").length - 1, "4 percentiles x 2 configurations of the one label");
    }
}
