package dev.reprise.acmeair.actors;

import akka.actor.Props;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reprise.acmeair.api.ApiException;
import dev.reprise.acmeair.api.ApiRequest;
import dev.reprise.acmeair.api.ApiResponse;
import dev.reprise.acmeair.db.Database;
import dev.reprise.acmeair.db.Documents;
import dev.reprise.acmeair.support.AppClock;
import dev.reprise.acmeair.support.Ids;
import dev.reprise.acmeair.support.Json;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Bookings: book, cancel, list a customer's bookings, and the booking count. */
public final class BookingActor extends ServiceActor {
  private final Ids ids;
  private final AppClock clock;

  private BookingActor(Database db, ResponseHash hash, Ids ids, AppClock clock) {
    super(db, hash);
    this.ids = ids;
    this.clock = clock;
  }

  /** @return how to create it (on the blocking dispatcher) */
  public static Props props(Database db, ResponseHash hash, Ids ids, AppClock clock) {
    return Props.create(BookingActor.class, () -> new BookingActor(db, hash, ids, clock))
        .withDispatcher(AcmeAirActors.BLOCKING_DISPATCHER);
  }

  @Override
  protected ApiResponse handle(Call call) throws SQLException {
    return switch (call.endpoint()) {
      case BOOK_FLIGHTS -> book(call);
      case CANCEL_BOOKING -> cancel(call);
      case BOOKINGS_BY_USER -> list(call.pathParameter());
      case COUNT_BOOKINGS -> count("n_booking");
      default -> throw new IllegalArgumentException("not a booking endpoint: " + call.endpoint());
    };
  }

  private ApiResponse book(Call call) throws SQLException {
    ApiRequest request = call.request();
    String user = ownUser(call, request.required("userid"));
    String toFlight = request.required("toFlightId");
    boolean oneWay = request.optional("oneWayFlight", "false").equals("true");
    String returnFlight = oneWay ? null : request.required("retFlightId");
    requireFlight(toFlight);
    if (!oneWay) {
      requireFlight(returnFlight);
    }
    String departBooking = insert(user, toFlight);
    ObjectNode info = Json.object();
    info.put("oneWay", oneWay);
    if (!oneWay) {
      info.put("returnBookingId", insert(user, returnFlight));
    }
    info.put("departBookingId", departBooking);
    return ApiResponse.json(info);
  }

  private ApiResponse cancel(Call call) throws SQLException {
    String number = call.request().required("number");
    String user = ownUser(call, call.request().required("userid"));
    int deleted;
    try (PreparedStatement s =
        connection.prepareStatement("DELETE FROM n_booking WHERE id = ? AND customerid = ?")) {
      s.setString(1, number);
      s.setString(2, user);
      deleted = s.executeUpdate();
    }
    ObjectNode status = Json.object().put("status", deleted == 1 ? "success" : "error");
    return ApiResponse.json(deleted == 1 ? 200 : 404, status);
  }

  private ApiResponse list(String user) throws SQLException {
    ArrayNode bookings = Json.array();
    try (PreparedStatement s =
        connection.prepareStatement("SELECT content FROM n_booking WHERE customerid = ? ORDER BY seq")) {
      s.setString(1, user);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          bookings.add(Json.read(r.getString(1)));
        }
      }
    }
    return ApiResponse.json(bookings);
  }

  /** Customers book and cancel for themselves only: 403 for another user's id. */
  private static String ownUser(Call call, String userId) {
    if (!userId.equals(call.customerId())) {
      throw ApiException.forbidden("userid does not match the session");
    }
    return userId;
  }

  private void requireFlight(String flightId) throws SQLException {
    if (queryString("SELECT id FROM n_flight WHERE id = ?", flightId) == null) {
      throw ApiException.notFound("unknown flight " + flightId);
    }
  }

  private String insert(String user, String flightId) throws SQLException {
    String id = ids.next();
    try (PreparedStatement s =
        connection.prepareStatement("INSERT INTO n_booking (id, customerid, content) VALUES (?, ?, ?)")) {
      s.setString(1, id);
      s.setString(2, user);
      s.setString(3, Json.write(Documents.booking(id, user, flightId, clock.millis())));
      s.executeUpdate();
    }
    return id;
  }
}
