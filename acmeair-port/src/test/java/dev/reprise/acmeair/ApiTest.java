package dev.reprise.acmeair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reprise.acmeair.support.ApiJson;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The REST API over real HTTP against a real server and database: answers and JSON shapes. */
class ApiTest {
    @TempDir
    static Path dir;

    static LiveServer live;

    @BeforeAll
    static void start() throws Exception {
        live = new LiveServer(dir, 42);
    }

    @AfterAll
    static void stop() throws Exception {
        live.close();
    }

    private static String today() {
        return LocalDate.now(ZoneOffset.UTC).toString();
    }

    @Test
    void loginSetsTheSessionCookieAndLogoutEndsTheSession() throws Exception {
        String session = live.login(1);
        assertEquals(200, live.get("/customer/byid/uid1@email.com", session).statusCode());
        HttpResponse<String> out = live.get("/login/logout?login=uid1@email.com", session);
        assertEquals("logged out", out.body());
        assertEquals(
                "sessionid=; Path=/", out.headers().firstValue("Set-Cookie").orElseThrow());
        assertEquals(403, live.get("/customer/byid/uid1@email.com", session).statusCode());
    }

    @Test
    void loginWithAWrongPasswordOrUnknownUserIsForbidden() throws Exception {
        assertEquals(
                403,
                live.postForm("/login", null, LiveServer.form("login", "uid1@email.com", "password", "x"))
                        .statusCode());
        assertEquals(
                403,
                live.postForm("/login", null, LiveServer.form("login", "nobody@email.com", "password", "password"))
                        .statusCode());
    }

    @Test
    void protectedEndpointsNeedAValidSession() throws Exception {
        assertEquals(403, live.get("/bookings/byuser/uid2@email.com", null).statusCode());
        assertEquals(
                403,
                live.get("/bookings/byuser/uid2@email.com", "not-a-session").statusCode());
        assertEquals(
                403,
                live.postForm("/flights/queryflights", null, LiveServer.form("fromAirport", "CDG"))
                        .statusCode());
    }

    @Test
    void queryFlightsAnswersTheNodeShapeWithBothLegs() throws Exception {
        String session = live.login(3);
        JsonNode answer = ApiJson.read(live.postForm(
                        "/flights/queryflights",
                        session,
                        LiveServer.form(
                                "fromAirport",
                                "CDG",
                                "toAirport",
                                "JFK",
                                "fromDate",
                                today(),
                                "returnDate",
                                today(),
                                "oneWay",
                                "false"))
                .body());
        assertEquals(2, answer.get("tripLegs").asInt());
        assertEquals(2, answer.get("tripFlights").size());
        JsonNode page = answer.get("tripFlights").get(0);
        assertEquals(10, page.get("pageSize").asInt());
        assertEquals(2, page.get("flightsOptions").size(), "2 flights per day");
        JsonNode flight = page.get("flightsOptions").get(0);
        assertEquals("CDG", flight.get("flightSegment").get("originPort").asText());
        assertEquals(flight.get("flightSegmentId"), flight.get("flightSegment").get("_id"));
        assertEquals(
                today() + "T00:00:00.000Z", flight.get("scheduledDepartureTime").asText());
        assertEquals(
                "JFK",
                answer.get("tripFlights")
                        .get(1)
                        .get("flightsOptions")
                        .get(0)
                        .get("flightSegment")
                        .get("originPort")
                        .asText());
    }

    @Test
    void queryFlightsOneWayAndWithoutSegment() throws Exception {
        String session = live.login(4);
        JsonNode oneWay = ApiJson.read(live.postForm(
                        "/flights/queryflights",
                        session,
                        LiveServer.form(
                                "fromAirport",
                                "CDG",
                                "toAirport",
                                "JFK",
                                "fromDate",
                                "Thu Nov 26 00:00:00 UTC 2099",
                                "oneWay",
                                "true"))
                .body());
        assertEquals(1, oneWay.get("tripLegs").asInt());
        assertEquals(0, oneWay.get("tripFlights").get(0).get("flightsOptions").size(), "no flights in 2099");
        JsonNode none = ApiJson.read(live.postForm(
                        "/flights/queryflights",
                        session,
                        LiveServer.form(
                                "fromAirport", "BOM", "toAirport", "DEL", "fromDate", today(), "returnDate", today()))
                .body());
        assertEquals(0, none.get("tripFlights").get(0).get("flightsOptions").size());
    }

    @Test
    void bookListAndCancel() throws Exception {
        String session = live.login(5);
        JsonNode query = ApiJson.read(live.postForm(
                        "/flights/queryflights",
                        session,
                        LiveServer.form(
                                "fromAirport", "LHR", "toAirport", "CDG", "fromDate", today(), "returnDate", today()))
                .body());
        String to = query.at("/tripFlights/0/flightsOptions/0/_id").asText();
        String back = query.at("/tripFlights/1/flightsOptions/0/_id").asText();
        JsonNode booked = ApiJson.read(live.postForm(
                        "/bookings/bookflights",
                        session,
                        LiveServer.form(
                                "userid",
                                "uid5@email.com",
                                "toFlightId",
                                to,
                                "retFlightId",
                                back,
                                "oneWayFlight",
                                "false"))
                .body());
        assertFalse(booked.get("oneWay").asBoolean());
        JsonNode list = ApiJson.read(
                live.get("/bookings/byuser/uid5@email.com", session).body());
        assertEquals(2, list.size());
        assertEquals(booked.get("departBookingId"), list.get(0).get("_id"));
        assertEquals(to, list.get(0).get("flightId").asText());
        assertEquals("uid5@email.com", list.get(0).get("customerId").asText());
        HttpResponse<String> cancel = live.postForm(
                "/bookings/cancelbooking",
                session,
                LiveServer.form("number", booked.get("returnBookingId").asText(), "userid", "uid5@email.com"));
        assertEquals("{\"status\":\"success\"}", cancel.body());
        assertEquals(
                1,
                ApiJson.read(live.get("/bookings/byuser/uid5@email.com", session)
                                .body())
                        .size());
    }

    @Test
    void viewAndUpdateCustomer() throws Exception {
        String session = live.login(6);
        JsonNode customer =
                ApiJson.read(live.get("/customer/byid/uid6@email.com", session).body());
        assertEquals("GOLD", customer.get("status").asText());
        assertEquals("123 Main St.", customer.at("/address/streetAddress1").asText());
        String update =
                live.get("/customer/byid/uid6@email.com", session).body().replace("123 Main", "124 Main");
        HttpResponse<String> updated =
                live.postRaw("/customer/byid/uid6@email.com", session, "application/json", update);
        assertEquals(200, updated.statusCode());
        assertEquals(update, updated.body());
        assertEquals(update, live.get("/customer/byid/uid6@email.com", session).body());
    }

    @Test
    void aCustomersProfileAndBookingsAreTheirsAloneAndItsPasswordIsNeverShown() throws Exception {
        String other = live.login(7);
        assertEquals(403, live.get("/customer/byid/uid6@email.com", other).statusCode());
        assertEquals(403, live.get("/bookings/byuser/uid6@email.com", other).statusCode());
        String mine = live.login(6);
        String profile = live.get("/customer/byid/uid6@email.com", mine).body();
        assertFalse(ApiJson.read(profile).has("password"), profile);
        HttpResponse<String> changed = live.postRaw(
                "/customer/byid/uid6@email.com",
                other,
                "application/json",
                profile.replace("{", "{\"password\":\"stolen\","));
        assertEquals(403, changed.statusCode());
        assertEquals("userid does not match the session", changed.body());
        assertEquals(200, live.get("/checkstatus", null).statusCode());
        live.login(6); // the password did not change
    }

    @Test
    void configAndCounts() throws Exception {
        assertEquals("100", live.get("/config/countCustomers", null).body());
        assertEquals("394", live.get("/config/countFlightSegments", null).body());
        assertEquals("4728", live.get("/config/countFlights", null).body());
        assertEquals("14", live.get("/config/countAirports", null).body());
        assertEquals("derby", live.get("/config/activeDataService", null).body());
        assertTrue(live.get("/config/runtime", null).body().startsWith("[{\"name\""));
        assertEquals(
                "Already loaded", live.get("/loader/load?numCustomers=5", null).body());
        assertEquals("100", live.get("/loader/query", null).body());
        assertEquals(200, live.get("/config/countBookings", null).statusCode());
        assertEquals(200, live.get("/config/countSessions", null).statusCode());
        assertEquals("OK", live.get("/checkstatus", null).body());
    }

    @Test
    void responseHashChainsEveryAnswerButItsOwn() throws Exception {
        String first = live.get("/config/responseHash", null).body();
        assertEquals(first, live.get("/config/responseHash", null).body(), "reading it changes nothing");
        live.get("/checkstatus", null);
        String second = live.get("/config/responseHash", null).body();
        assertEquals(Long.parseLong(first.split(" ")[0]) + 1, Long.parseLong(second.split(" ")[0]));
        assertEquals(64, second.split(" ")[1].length());
    }
}
