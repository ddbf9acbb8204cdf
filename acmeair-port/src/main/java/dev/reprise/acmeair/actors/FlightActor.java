package dev.reprise.acmeair.actors;

import akka.actor.Props;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reprise.acmeair.api.ApiRequest;
import dev.reprise.acmeair.api.ApiResponse;
import dev.reprise.acmeair.db.Database;
import dev.reprise.acmeair.support.ApiJson;
import dev.reprise.acmeair.support.AppClock;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Flights: the flight query, with the segment and flight caches of the Node.js version
 * ({@code useFlightDataRelatedCaching}: TTL 1,200,000 ms, at most 100,000 entries), and the
 * flight, segment and airport counts.
 */
public final class FlightActor extends ServiceActor {
    private static final int CACHE_SIZE = 100_000;
    private static final long CACHE_TTL_MILLIS = 1_200_000;

    private final TtlCache<String, JsonNode> segments;
    private final TtlCache<String, List<JsonNode>> flights;

    private FlightActor(Database db, ResponseHash hash, AppClock clock) {
        super(db, hash);
        this.segments = new TtlCache<>(CACHE_SIZE, CACHE_TTL_MILLIS, clock);
        this.flights = new TtlCache<>(CACHE_SIZE, CACHE_TTL_MILLIS, clock);
    }

    /** @return how to create it (on the blocking dispatcher) */
    public static Props props(Database db, ResponseHash hash, AppClock clock) {
        return Props.create(FlightActor.class, () -> new FlightActor(db, hash, clock))
                .withDispatcher(AcmeAirActors.BLOCKING_DISPATCHER);
    }

    @Override
    protected ApiResponse handle(Call call) throws SQLException {
        return switch (call.endpoint()) {
            case QUERY_FLIGHTS -> query(call.request());
            case COUNT_FLIGHTS -> count("n_flight");
            case COUNT_FLIGHT_SEGMENTS -> count("n_flightsegment");
            case COUNT_AIRPORTS -> count("n_airportcodemapping");
            default -> throw new IllegalArgumentException("not a flight endpoint: " + call.endpoint());
        };
    }

    private ApiResponse query(ApiRequest request) throws SQLException {
        String from = request.required("fromAirport");
        String to = request.required("toAirport");
        long fromDate = QueryDates.midnight("fromDate", request.required("fromDate"));
        boolean oneWay = request.optional("oneWay", "false").equals("true");
        long returnDate = oneWay ? 0 : QueryDates.midnight("returnDate", request.required("returnDate"));

        ObjectNode options = ApiJson.object();
        ArrayNode tripFlights = options.putArray("tripFlights");
        tripFlights.add(page(options(from, to, fromDate)));
        if (!oneWay) {
            tripFlights.add(page(options(to, from, returnDate)));
        }
        options.put("tripLegs", oneWay ? 1 : 2);
        return ApiResponse.json(options);
    }

    private static ObjectNode page(ArrayNode flightOptions) {
        ObjectNode page = ApiJson.object();
        page.put("numPages", 1);
        page.set("flightsOptions", flightOptions);
        page.put("currentPage", 0);
        page.put("hasMoreOptions", false);
        page.put("pageSize", 10);
        return page;
    }

    /** @return the flights from {@code from} to {@code to} on that day, each with its segment */
    private ArrayNode options(String from, String to, long day) throws SQLException {
        ArrayNode result = ApiJson.array();
        Optional<JsonNode> segment = segment(from, to);
        if (segment.isPresent()) {
            for (JsonNode flight : flights(segment.get().get("_id").asText(), day)) {
                ObjectNode option = flight.deepCopy();
                option.set("flightSegment", segment.get());
                result.add(option);
            }
        }
        return result;
    }

    private Optional<JsonNode> segment(String from, String to) throws SQLException {
        String key = from + to;
        Optional<JsonNode> cached = segments.get(key);
        if (cached != null) {
            return cached;
        }
        String content = queries.string(
                "SELECT content FROM n_flightsegment WHERE originport = ? AND destport = ? ORDER BY id", from, to);
        Optional<JsonNode> segment = Optional.ofNullable(content).map(ApiJson::read);
        segments.put(key, segment);
        return segment;
    }

    private List<JsonNode> flights(String segmentId, long day) throws SQLException {
        String key = segmentId + "-" + day;
        Optional<List<JsonNode>> cached = flights.get(key);
        if (cached != null) {
            return cached.orElse(List.of());
        }
        List<JsonNode> found = new ArrayList<>();
        for (String flight : queries.strings(
                "SELECT content FROM n_flight"
                        + " WHERE flightsegmentid = ? AND scheduleddeparturetime = ? ORDER BY id",
                segmentId,
                day)) {
            found.add(ApiJson.read(flight));
        }
        flights.put(key, found.isEmpty() ? Optional.empty() : Optional.of(List.copyOf(found)));
        return found;
    }
}
