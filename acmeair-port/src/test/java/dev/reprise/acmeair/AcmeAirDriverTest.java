package dev.reprise.acmeair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.acmeair.driver.AcmeAirDriver;
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
    private static final int USERS = 3;

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
                new AcmeAirDriver.Options(url, Duration.ofSeconds(60), 1, 0, 8, USERS, jtl, Duration.ZERO));
        result.print(System.out);
        assertEquals(LABELS, List.copyOf(result.byLabel().keySet()));
        result.byLabel().forEach((label, stats) -> assertTrue(stats.count() > 0, label));
        assertEquals(0, result.errors());
        assertEquals(8, result.byLabel().get("Login").count());
        assertEquals(result.total() + 1, Files.readAllLines(jtl).size(), "one JTL line per sample, and a header");
    }

    @Test
    void openLoopKeepsToItsScheduleWithoutErrors() throws Exception {
        AcmeAirDriver.Result result = AcmeAirDriver.run(
                new AcmeAirDriver.Options(url, Duration.ofSeconds(3), 4, 40, -1, USERS, null, Duration.ZERO));
        result.print(System.out);
        assertEquals(0, result.errors());
        assertTrue(result.byLabel().get("QueryFlight").count() > 0);
        // 40 requests/s for 3 s: the schedule allows at most 120 starts (plus rounding).
        assertTrue(result.total() <= 122, "total " + result.total());
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
