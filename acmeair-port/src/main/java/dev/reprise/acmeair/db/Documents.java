package dev.reprise.acmeair.db;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reprise.acmeair.support.ApiJson;
import dev.reprise.acmeair.support.AppClock;

/** Builds the JSON documents of the data model, with the Node.js version's fields and order. */
public final class Documents {
    private static final double MILES_PER_HOUR = 600.0;

    private Documents() {}

    /** @return the loader's customer {@code id} (password "password", status GOLD, ...) */
    public static ObjectNode customer(String id) {
        ObjectNode c = ApiJson.object();
        c.put("_id", id);
        c.put("password", "password");
        c.put("status", "GOLD");
        c.put("total_miles", 1_000_000);
        c.put("miles_ytd", 1_000);
        ObjectNode address = c.putObject("address");
        address.put("streetAddress1", "123 Main St.");
        address.put("city", "Anytown");
        address.put("stateProvince", "NC");
        address.put("country", "USA");
        address.put("postalCode", "27617");
        c.put("phoneNumber", "919-123-4567");
        c.put("phoneNumberType", "BUSINESS");
        return c;
    }

    /** @return an airport code mapping */
    public static ObjectNode airport(Mileage.Airport airport) {
        ObjectNode a = ApiJson.object();
        a.put("_id", airport.code());
        a.put("airportName", airport.name());
        return a;
    }

    /** @return a flight segment */
    public static ObjectNode segment(Mileage.Segment segment) {
        ObjectNode s = ApiJson.object();
        s.put("_id", segment.id());
        s.put("originPort", segment.origin());
        s.put("destPort", segment.destination());
        s.put("miles", segment.miles());
        return s;
    }

    /** @return a flight of {@code segment} leaving at {@code departure} (epoch ms) */
    public static ObjectNode flight(String id, Mileage.Segment segment, long departure) {
        long arrival = departure + Math.round(segment.miles() / MILES_PER_HOUR * 3_600_000);
        ObjectNode f = ApiJson.object();
        f.put("_id", id);
        f.put("flightSegmentId", segment.id());
        f.put("scheduledDepartureTime", AppClock.format(departure));
        f.put("scheduledArrivalTime", AppClock.format(arrival));
        f.put("firstClassBaseCost", 500);
        f.put("economyClassBaseCost", 200);
        f.put("numFirstClassSeats", 10);
        f.put("numEconomyClassSeats", 200);
        f.put("airplaneTypeId", "B747");
        return f;
    }

    /** @return a booking made at {@code now} (epoch ms) */
    public static ObjectNode booking(String id, String customerId, String flightId, long now) {
        ObjectNode b = ApiJson.object();
        b.put("_id", id);
        b.put("customerId", customerId);
        b.put("flightId", flightId);
        b.put("dateOfBooking", AppClock.format(now));
        return b;
    }

    /** @return a session valid until {@code timeout} (epoch ms) */
    public static ObjectNode session(String id, String customerId, long now, long timeout) {
        ObjectNode s = ApiJson.object();
        s.put("_id", id);
        s.put("customerid", customerId);
        s.put("lastAccessedTime", AppClock.format(now));
        s.put("timeoutTime", AppClock.format(timeout));
        return s;
    }
}
