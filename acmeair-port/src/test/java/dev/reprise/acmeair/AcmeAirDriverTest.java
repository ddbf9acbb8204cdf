package dev.reprise.acmeair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.acmeair.driver.AcmeAirDriver;
import dev.reprise.acmeair.driver.ServerSide;
import dev.reprise.acmeair.support.ApiJson;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded JMeter workload against a live server: every request label runs, none fails. */
@Tag("slow") // takes more than 5 s: left out of ./reprise test --fast
class AcmeAirDriverTest {
    private static final List<String> LABELS = List.of(
            "BookFlight",
            "Cancel Booking",
            "List Bookings",
            "Login",
            "QueryFlight",
            "Update Customer",
            "View Profile Information",
            "logout");
    /** One per thread of the open loop, so that no two threads share a customer. */
    private static final int USERS = 4;

    @TempDir
    static Path dir;

    static LiveServer live;
    static URI url;

    @BeforeAll
    static void start() throws Exception {
        live = new LiveServer(dir, 1);
        url = URI.create("http://127.0.0.1:" + live.server.port());
        for (int user = 0; user < USERS; user++) {
            bookThreeFlights(live, user);
        }
    }

    @AfterAll
    static void stop() {
        live.close();
    }

    @Test
    void closedLoopRunsEveryLabelWithoutErrors() throws Exception {
        // The 25% controllers first run in the third iteration; eight leave a margin.
        Path jtl = dir.resolve("run.jtl");
        AcmeAirDriver.Result result = AcmeAirDriver.run(
                new AcmeAirDriver.Options(url, Duration.ofSeconds(60), 1, 0, 8, USERS, jtl, Duration.ZERO, false));
        result.print(System.out);
        assertEquals(LABELS, List.copyOf(result.byLabel().keySet()));
        result.byLabel().forEach((label, stats) -> assertTrue(stats.count() > 0, label));
        // In microseconds: a request over loopback through the actors and Derby takes more than 10 (JMeter's whole
        // milliseconds would say 0 to 2), and the tail is no shorter than the median.
        result.byLabel()
                .forEach((label, stats) -> assertTrue(
                        stats.percentile(50) >= 10 && stats.percentile(99.9) >= stats.percentile(50),
                        label + ": p50 " + stats.percentile(50) + " us, p99.9 " + stats.percentile(99.9) + " us"));
        assertEquals(0, result.errors());
        assertEquals(8, result.byLabel().get("Login").count());
        assertEquals(result.total() + 1, Files.readAllLines(jtl).size(), "one JTL line per sample, and a header");
    }

    @Test
    void openLoopKeepsToItsScheduleWithoutErrors() throws Exception {
        AcmeAirDriver.Result result = AcmeAirDriver.run(
                new AcmeAirDriver.Options(url, Duration.ofSeconds(3), 4, 40, -1, USERS, null, Duration.ZERO, false));
        result.print(System.out);
        assertEquals(0, result.errors());
        assertTrue(result.byLabel().get("QueryFlight").count() > 0);
        // 40 requests/s for 3 s: the schedule allows at most 120 starts (plus rounding).
        assertTrue(result.total() <= 122, "total " + result.total());
    }

    /**
     * The server times every request of the measured run, and nothing else (not its own latency
     * request): each request's server time lies inside its client time, so every percentile of
     * the server's is at most the client's.
     */
    @Test
    void theServerTimesEachRequestWithinItsClientTime() throws Exception {
        ServerSide.take(url);
        AcmeAirDriver.Result result = AcmeAirDriver.run(
                new AcmeAirDriver.Options(url, Duration.ofSeconds(60), 1, 0, 4, USERS, null, Duration.ZERO, true));
        long[] server = ServerSide.take(url);
        String said = ServerSide.line(server);
        assertEquals(result.total(), server[0], said);
        long slowest = result.byLabel().values().stream()
                .mapToLong(l -> l.percentile(100))
                .max()
                .orElseThrow();
        assertTrue(server[1] > 0 && server[1] <= server[4], said);
        assertTrue(
                server[4] <= slowest * 1.001 + 1, said + "; the slowest request took " + slowest + " us at the client");
    }

    /** So that the first "Cancel Booking" iteration finds more than two bookings to cancel from. */
    private static void bookThreeFlights(LiveServer live, int user) throws Exception {
        String session = live.login(user);
        String today = LocalDate.now(ZoneOffset.UTC).toString();
        String flight = ApiJson.read(live.postForm(
                                "/flights/queryflights",
                                session,
                                LiveServer.form(
                                        "fromAirport", "LHR", "toAirport", "CDG", "fromDate", today, "oneWay", "true"))
                        .body())
                .at("/tripFlights/0/flightsOptions/0/_id")
                .asText();
        for (int i = 0; i < 3; i++) {
            assertEquals(
                    200,
                    live.postForm(
                                    "/bookings/bookflights",
                                    session,
                                    LiveServer.form(
                                            "userid",
                                            "uid" + user + "@email.com",
                                            "toFlightId",
                                            flight,
                                            "oneWayFlight",
                                            "true"))
                            .statusCode());
        }
    }
}
