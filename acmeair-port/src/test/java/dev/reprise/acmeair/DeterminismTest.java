package dev.reprise.acmeair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reprise.acmeair.db.LoaderSettings;
import dev.reprise.acmeair.support.ApiJson;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given the same seeds and the same requests in the same order, two servers on fresh databases
 * send the same responses (same session and booking ids, same flights): their response hashes
 * agree. Booking lists are left out, as they show booking times.
 */
@Tag("slow") // takes more than 5 s: left out of ./reprise test --fast
class DeterminismTest {
    @TempDir
    Path dir;

    @Test
    void sameSeedAndRequestsGiveTheSameResponses() throws Exception {
        String first = session(dir.resolve("a"), 99);
        assertEquals(first, session(dir.resolve("b"), 99));
        assertNotEquals(first, session(dir.resolve("c"), 100), "another seed gives other booking ids");
    }

    /** @return the response hash after a fixed session of requests */
    private static String session(Path db, long seed) throws Exception {
        // A small data set (one day of flights) keeps the three servers' start short.
        try (LiveServer live = new LiveServer(db, seed, new LoaderSettings(20, 1, 2, 1))) {
            String today = LocalDate.now(ZoneOffset.UTC).toString();
            for (int user = 10; user < 13; user++) {
                String session = live.login(user);
                live.get("/customer/byid/uid" + user + "@email.com", session);
                JsonNode flights = ApiJson.read(live.postForm(
                                "/flights/queryflights",
                                session,
                                LiveServer.form(
                                        "fromAirport",
                                        "FRA",
                                        "toAirport",
                                        "LHR",
                                        "fromDate",
                                        today,
                                        "returnDate",
                                        today))
                        .body());
                live.postForm(
                        "/bookings/bookflights",
                        session,
                        LiveServer.form(
                                "userid",
                                "uid" + user + "@email.com",
                                "toFlightId",
                                flights.at("/tripFlights/0/flightsOptions/1/_id")
                                        .asText(),
                                "retFlightId",
                                flights.at("/tripFlights/1/flightsOptions/0/_id")
                                        .asText(),
                                "oneWayFlight",
                                "false"));
                live.get("/login/logout?login=uid" + user + "@email.com", session);
            }
            return live.get("/config/responseHash", null).body();
        }
    }
}
