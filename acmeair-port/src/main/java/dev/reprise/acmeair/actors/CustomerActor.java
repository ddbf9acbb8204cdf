package dev.reprise.acmeair.actors;

import akka.actor.Props;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reprise.acmeair.api.ApiException;
import dev.reprise.acmeair.api.ApiResponse;
import dev.reprise.acmeair.db.Database;
import dev.reprise.acmeair.support.ApiJson;
import java.sql.SQLException;

/**
 * Customers: view and update a profile (the session's own only; its password is never shown, and
 * an update without it keeps it), and the customer count.
 */
public final class CustomerActor extends ServiceActor {
    private static final String PASSWORD = "password";
    private static final String[] FIELDS = {
        "password", "status", "total_miles", "miles_ytd", "address", "phoneNumber", "phoneNumberType"
    };
    private static final String[] ADDRESS_FIELDS = {"streetAddress1", "city", "stateProvince", "country", "postalCode"};

    private CustomerActor(Database db, ResponseHash hash) {
        super(db, hash);
    }

    /** @return how to create it (on the blocking dispatcher) */
    public static Props props(Database db, ResponseHash hash) {
        return Props.create(CustomerActor.class, () -> new CustomerActor(db, hash))
                .withDispatcher(AcmeAirActors.BLOCKING_DISPATCHER);
    }

    @Override
    protected ApiResponse handle(Call call) throws SQLException {
        return switch (call.endpoint()) {
            case VIEW_CUSTOMER -> ApiResponse.json(withoutPassword(find(call.ownCustomer(call.pathParameter()))));
            case UPDATE_CUSTOMER ->
                update(call.ownCustomer(call.pathParameter()), call.request().body());
            case COUNT_CUSTOMERS -> count("n_customer");
            default -> throw new IllegalArgumentException("not a customer endpoint: " + call.endpoint());
        };
    }

    private JsonNode find(String id) throws SQLException {
        String content = queries.string("SELECT content FROM n_customer WHERE id = ?", id);
        if (content == null) {
            throw ApiException.notFound("unknown customer " + id);
        }
        return ApiJson.read(content);
    }

    private ApiResponse update(String id, String body) throws SQLException {
        ObjectNode customer = parse(id, body);
        JsonNode stored = find(id);
        if (customer.get(PASSWORD).isNull()) {
            customer.set(PASSWORD, stored.get(PASSWORD)); // the API never shows it: an update without it keeps it
        }
        queries.update("UPDATE n_customer SET content = ? WHERE id = ?", ApiJson.write(customer), id);
        return ApiResponse.json(withoutPassword(customer));
    }

    /** A profile as the API shows it: never its password. */
    private static JsonNode withoutPassword(JsonNode customer) {
        ObjectNode shown = customer.deepCopy();
        shown.remove(PASSWORD);
        return shown;
    }

    /** @return the customer document of the body, in the stored field order; 400 if malformed */
    private static ObjectNode parse(String id, String body) {
        JsonNode json;
        try {
            json = ApiJson.MAPPER.readTree(body);
        } catch (JsonProcessingException e) {
            throw ApiException.badRequest("malformed JSON body");
        }
        if (json == null || !json.isObject()) {
            throw ApiException.badRequest("body must be a JSON object");
        }
        if (json.has("_id") && !id.equals(json.get("_id").asText())) {
            throw ApiException.badRequest("_id does not match the path");
        }
        ObjectNode customer = ApiJson.object().put("_id", id);
        for (String field : FIELDS) {
            boolean keepStored = field.equals(PASSWORD) && !json.has(PASSWORD); // filled in from the stored profile
            customer.set(field, keepStored ? NullNode.getInstance() : require(json, field));
        }
        JsonNode address = customer.get("address");
        if (!address.isObject()) {
            throw ApiException.badRequest("address must be an object");
        }
        ObjectNode cleanAddress = ApiJson.object();
        for (String field : ADDRESS_FIELDS) {
            cleanAddress.set(field, require(address, field));
        }
        customer.set("address", cleanAddress);
        return customer;
    }

    private static JsonNode require(JsonNode json, String field) {
        JsonNode value = json.get(field);
        if (value == null || value.isNull()) {
            throw ApiException.badRequest("missing field " + field);
        }
        return value;
    }
}
