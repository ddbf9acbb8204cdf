package dev.reprise.acmeair.driver.functions;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.reprise.acmeair.support.ApiJson;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.functions.AbstractFunction;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.Sampler;

/**
 * {@code ${__extractBookingInfo(KEY)}}: from the previous "List Bookings" answer, {@code
 * NUMBER_OF_BOOKINGS}, {@code NUMBER_TO_CANCEL} (all but two) and, on each call, the next {@code
 * BOOKING_ID} to cancel (skipping the first, as the original does); {@code UNSET} clears them.
 * Port of the Acme-Air driver's {@code ExtrackBookingInfoFunction}.
 */
public class ExtractBookingInfoFunction extends AbstractFunction {
    private List<CompoundVariable> parameters = List.of();

    @Override
    public String execute(SampleResult previous, Sampler sampler) {
        String key = parameters.get(0).execute();
        if (key.equalsIgnoreCase("UNSET")) {
            BookingContext.clear();
            return "";
        }
        if (previous == null || previous.getErrorCount() > 0) {
            return "";
        }
        BookingContext context = BookingContext.current();
        if (context == null) {
            context = BookingContext.start(bookingIds(previous.getResponseDataAsString()));
        }
        return switch (key.toUpperCase()) {
            case "BOOKING_ID" -> {
                context.cancelled++;
                yield context.cancelled < context.bookingIds.size() ? context.bookingIds.get(context.cancelled) : "";
            }
            case "NUMBER_OF_BOOKINGS" -> Integer.toString(context.bookingIds.size());
            case "NUMBER_TO_CANCEL" -> Integer.toString(context.toCancel());
            default -> "";
        };
    }

    private static List<String> bookingIds(String response) {
        List<String> ids = new ArrayList<>();
        try {
            for (JsonNode booking : ApiJson.MAPPER.readTree(response)) {
                ids.add(booking.path("_id").asText());
            }
        } catch (JsonProcessingException e) {
            // Not a booking list: nothing to cancel.
        }
        return ids;
    }

    @Override
    public void setParameters(Collection<CompoundVariable> parameters) {
        this.parameters = new ArrayList<>(parameters);
    }

    @Override
    public String getReferenceKey() {
        return "__extractBookingInfo";
    }

    @Override
    public List<String> getArgumentDesc() {
        return List.of("extract_booking_info");
    }
}
