package dev.reprise.acmeair.actors;

import akka.actor.Props;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reprise.acmeair.api.ApiException;
import dev.reprise.acmeair.api.ApiRequest;
import dev.reprise.acmeair.api.ApiResponse;
import dev.reprise.acmeair.db.Database;
import dev.reprise.acmeair.db.Documents;
import dev.reprise.acmeair.support.ApiJson;
import dev.reprise.acmeair.support.AppClock;
import dev.reprise.acmeair.support.Ids;
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
            case BOOKINGS_BY_USER -> list(call.ownCustomer(call.pathParameter()));
            case COUNT_BOOKINGS -> count("n_booking");
            default -> throw new IllegalArgumentException("not a booking endpoint: " + call.endpoint());
        };
    }

    private ApiResponse book(Call call) throws SQLException {
        ApiRequest request = call.request();
        String user = call.ownCustomer(request.required("userid"));
        String toFlight = request.required("toFlightId");
        boolean oneWay = request.optional("oneWayFlight", "false").equals("true");
        String returnFlight = oneWay ? null : request.required("retFlightId");
        requireFlight(toFlight);
        if (!oneWay) {
            requireFlight(returnFlight);
        }
        String departBooking = insert(user, toFlight);
        ObjectNode info = ApiJson.object();
        info.put("oneWay", oneWay);
        if (!oneWay) {
            info.put("returnBookingId", insert(user, returnFlight));
        }
        info.put("departBookingId", departBooking);
        return ApiResponse.json(info);
    }

    private ApiResponse cancel(Call call) throws SQLException {
        String number = call.request().required("number");
        String user = call.ownCustomer(call.request().required("userid"));
        long deleted = queries.update("DELETE FROM n_booking WHERE id = ? AND customerid = ?", number, user);
        ObjectNode status = ApiJson.object().put("status", deleted == 1 ? "success" : "error");
        return ApiResponse.json(deleted == 1 ? 200 : 404, status);
    }

    private ApiResponse list(String user) throws SQLException {
        ArrayNode bookings = ApiJson.array();
        for (String booking :
                queries.strings("SELECT content FROM n_booking WHERE customerid = ? ORDER BY seq", user)) {
            bookings.add(ApiJson.read(booking));
        }
        return ApiResponse.json(bookings);
    }

    private void requireFlight(String flightId) throws SQLException {
        if (queries.string("SELECT id FROM n_flight WHERE id = ?", flightId) == null) {
            throw ApiException.notFound("unknown flight " + flightId);
        }
    }

    private String insert(String user, String flightId) throws SQLException {
        String id = ids.next();
        queries.update(
                "INSERT INTO n_booking (id, customerid, content) VALUES (?, ?, ?)",
                id,
                user,
                ApiJson.write(Documents.booking(id, user, flightId, clock.millis())));
        return id;
    }
}
