package dev.reprise.acmeair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.acmeair.db.LoaderSettings;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input over real HTTP gets a clear status and a short message, never a hung connection, and
 * the server keeps serving afterwards (checked after every test).
 */
class BadInputTest {
    @TempDir
    static Path dir;

    static LiveServer live;
    static String session;

    @BeforeAll
    static void start() throws Exception {
        live = new LiveServer(dir, 7);
        session = live.login(9);
    }

    @AfterAll
    static void stop() throws Exception {
        live.close();
    }

    @AfterEach
    void stillServing() throws Exception {
        assertEquals("OK", live.get("/checkstatus", null).body());
    }

    private static void assertAnswer(int status, String messagePart, HttpResponse<String> response) {
        assertEquals(status, response.statusCode(), response.body());
        assertTrue(response.body().contains(messagePart), response.body());
    }

    @Test
    void unknownPathsAre404() throws Exception {
        assertAnswer(404, "no such resource", live.get("/nothing/here", null));
        assertAnswer(
                404,
                "no such resource",
                live.send(java.net.http.HttpRequest.newBuilder(
                                java.net.URI.create("http://127.0.0.1:" + live.server.port() + "/index.html"))
                        .GET()));
        assertAnswer(404, "no such resource", live.get("/customer/byid/uid1@email.com/extra", session));
    }

    @Test
    void wrongMethodsAre405() throws Exception {
        assertAnswer(405, "use POST", live.get("/login", null));
        assertAnswer(405, "use GET", live.postForm("/config/countFlights", null, LiveServer.form()));
        assertAnswer(
                405,
                "not allowed",
                live.send(live.request("/customer/byid/uid9@email.com", session)
                        .method("DELETE", HttpRequest.BodyPublishers.noBody())));
    }

    @Test
    void missingParametersAre400() throws Exception {
        assertAnswer(
                400,
                "missing parameter password",
                live.postForm("/login", null, LiveServer.form("login", "uid9@email.com")));
        assertAnswer(
                400,
                "missing parameter toAirport",
                live.postForm(
                        "/flights/queryflights",
                        session,
                        LiveServer.form("fromAirport", "CDG", "fromDate", "2026-01-01", "returnDate", "2026-01-02")));
        assertAnswer(
                400,
                "missing parameter toFlightId",
                live.postForm(
                        "/bookings/bookflights",
                        session,
                        LiveServer.form("userid", "uid9@email.com", "oneWayFlight", "true")));
        assertAnswer(
                400,
                "missing parameter number",
                live.postForm("/bookings/cancelbooking", session, LiveServer.form("userid", "uid9@email.com")));
    }

    @Test
    void malformedFormsAndValuesAre400() throws Exception {
        assertAnswer(
                400,
                "malformed",
                live.postRaw("/login", null, "application/x-www-form-urlencoded", "login=%zz&password=%"));
        assertAnswer(
                400,
                "bad date",
                live.postForm(
                        "/flights/queryflights",
                        session,
                        LiveServer.form(
                                "fromAirport", "CDG", "toAirport", "JFK", "fromDate", "yesterday", "oneWay", "true")));
        assertAnswer(400, "not a number", live.get("/loader/load?numCustomers=lots", null));
    }

    @Test
    void malformedJsonIs400() throws Exception {
        String path = "/customer/byid/uid9@email.com";
        assertAnswer(400, "malformed JSON", live.postRaw(path, session, "application/json", "{\"_id\": "));
        assertAnswer(400, "JSON object", live.postRaw(path, session, "application/json", "[1, 2]"));
        assertAnswer(
                400,
                "missing field address",
                live.postRaw(
                        path,
                        session,
                        "application/json",
                        "{\"password\":\"p\",\"status\":\"GOLD\",\"total_miles\":1,\"miles_ytd\":1,\"phoneNumber\":\"1\",\"phoneNumberType\":\"H\"}"));
        assertAnswer(
                400, "does not match", live.postRaw(path, session, "application/json", "{\"_id\":\"uid8@email.com\"}"));
    }

    @Test
    void unknownIdsAre404AndOtherUsersAre403() throws Exception {
        // Another id than the session's, known or not, is not this session's to see: 403, not 404.
        assertAnswer(403, "does not match the session", live.get("/customer/byid/nobody@email.com", session));
        assertAnswer(
                404,
                "unknown flight",
                live.postForm(
                        "/bookings/bookflights",
                        session,
                        LiveServer.form(
                                "userid", "uid9@email.com", "toFlightId", "no-such-flight", "oneWayFlight", "true")));
        assertAnswer(
                404,
                "error",
                live.postForm(
                        "/bookings/cancelbooking",
                        session,
                        LiveServer.form("number", "no-such-booking", "userid", "uid9@email.com")));
        assertAnswer(
                403,
                "does not match the session",
                live.postForm(
                        "/bookings/cancelbooking",
                        session,
                        LiveServer.form("number", "x", "userid", "uid8@email.com")));
    }

    @Test
    void oversizedBodiesAre413() throws Exception {
        String big = "x".repeat(200_000);
        HttpResponse<String> r = live.postRaw("/customer/byid/uid9@email.com", session, "application/json", big);
        assertEquals(413, r.statusCode());
        assertEquals("request body over 64 KB\n", r.body());
    }

    @Test
    void aHalfSentRequestAndAnIdleConnectionAreClosedAfterTheIdleTimeout() throws Exception {
        int idleSeconds = 2;
        try (LiveServer quick =
                        new LiveServer(dir.resolve("idle"), 3, LoaderSettings.SOMNS.withCustomers(1), idleSeconds);
                Socket half = new Socket(InetAddress.getLoopbackAddress(), quick.server.port());
                Socket idle = new Socket(InetAddress.getLoopbackAddress(), quick.server.port())) {
            half.setSoTimeout(10_000);
            idle.setSoTimeout(10_000);
            half.getOutputStream()
                    .write("POST /login HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nlog"
                            .getBytes(StandardCharsets.US_ASCII));
            half.getOutputStream().flush();
            long start = System.nanoTime();
            assertEquals(-1, half.getInputStream().read(), "the server closes a request that stops half-way");
            assertEquals(-1, idle.getInputStream().read(), "and a connection that never sends");
            long seconds = java.util.concurrent.TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
            assertTrue(seconds < 9, "closed after the idle timeout (" + idleSeconds + " s): " + seconds);
        }
    }

    @Test
    void garbageOnTheSocketGets400AndTheConnectionIsClosed() throws Exception {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), live.server.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write("THIS IS NOT HTTP\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            assertTrue(answer.startsWith("HTTP/1.1 400"), answer);
        }
    }
}
