package dev.reprise.acmeair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.acmeair.driver.AcmeAirDriver;
import dev.reprise.acmeair.support.Json;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded JMeter workload against a live server: every request label runs, none fails. */
class AcmeAirDriverTest {
  private static final List<String> LABELS = List.of("BookFlight", "Cancel Booking", "List Bookings",
      "Login", "QueryFlight", "Update Customer", "View Profile Information", "logout");
  private static final int USERS = 3;

  @TempDir Path dir;

  @Test
  void everyLabelRunsWithoutErrors() throws Exception {
    try (LiveServer live = new LiveServer(dir, 1)) {
      for (int user = 0; user < USERS; user++) {
        bookThreeFlights(live, user);
      }
      // The 25% controllers first run in the third iteration; eight leave a margin.
      Path jtl = dir.resolve("run.jtl");
      AcmeAirDriver.Result result = AcmeAirDriver.run(new AcmeAirDriver.Options(
          URI.create("http://127.0.0.1:" + live.server.port()), Duration.ofSeconds(60), 1, 8, USERS, jtl));
      result.print(System.out);
      assertEquals(LABELS, List.copyOf(result.byLabel().keySet()));
      result.byLabel().forEach((label, stats) -> assertTrue(stats.count() > 0, label));
      assertEquals(0, result.errors());
      assertEquals(8, result.byLabel().get("Login").count());
      assertEquals(result.total() + 1, Files.readAllLines(jtl).size(), "one JTL line per sample, and a header");
    }
  }

  /** So that the first "Cancel Booking" iteration finds more than two bookings to cancel from. */
  private static void bookThreeFlights(LiveServer live, int user) throws Exception {
    String session = live.login(user);
    String today = LocalDate.now(ZoneOffset.UTC).toString();
    String flight = Json.read(live.postForm("/flights/queryflights", session, LiveServer.form(
            "fromAirport", "LHR", "toAirport", "CDG", "fromDate", today, "oneWay", "true")).body())
        .at("/tripFlights/0/flightsOptions/0/_id").asText();
    for (int i = 0; i < 3; i++) {
      assertEquals(200, live.postForm("/bookings/bookflights", session, LiveServer.form(
          "userid", "uid" + user + "@email.com", "toFlightId", flight, "oneWayFlight", "true")).statusCode());
    }
  }
}
