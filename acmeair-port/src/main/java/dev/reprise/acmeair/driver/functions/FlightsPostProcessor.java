package dev.reprise.acmeair.driver.functions;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.reprise.acmeair.support.ApiJson;
import org.apache.jmeter.processor.PostProcessor;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * Port of the Acme-Air driver's {@code FlightsPostProcessor}: reads a flight query's answer into
 * the thread's {@link FlightsContext} (whether there is an outbound flight, the last outbound and
 * return option, one-way if there is no return flight) and sets {@code FLIGHTTOCOUNT}, {@code
 * FLIGHTRETCOUNT} and {@code ONEWAY}. Ids are the Node.js style {@code _id} fields.
 */
public class FlightsPostProcessor extends AbstractTestElement implements PostProcessor {
    private static final long serialVersionUID = 1L;

    @Override
    public void process() {
        SampleResult previous = JMeterContextService.getContext().getPreviousResult();
        if (previous == null || previous.getErrorCount() > 0) {
            return;
        }
        JsonNode trips;
        try {
            trips = ApiJson.MAPPER.readTree(previous.getResponseDataAsString()).path("tripFlights");
        } catch (JsonProcessingException e) {
            FlightsContext.current().flightAvailable = "false";
            return;
        }
        read(trips, FlightsContext.current(), JMeterContextService.getContext().getVariables());
    }

    private static void read(JsonNode trips, FlightsContext context, JMeterVariables vars) {
        if (trips.size() == 0) {
            context.flightAvailable = "false";
            return;
        }
        JsonNode outbound = trips.get(0).path("flightsOptions");
        context.toFlightCount = Integer.toString(outbound.size());
        vars.put("FLIGHTTOCOUNT", context.toFlightCount);
        context.flightAvailable = Boolean.toString(outbound.size() > 0);
        for (JsonNode option : outbound) {
            context.toFlight = option.path("_id").asText();
            context.toSegment = option.path("flightSegmentId").asText();
        }
        if (trips.size() > 1) {
            JsonNode inbound = trips.get(1).path("flightsOptions");
            context.returnFlightCount = Integer.toString(inbound.size());
            vars.put("FLIGHTRETCOUNT", context.returnFlightCount);
            context.oneWay = Boolean.toString(inbound.size() == 0);
            vars.put("ONEWAY", context.oneWay);
            for (JsonNode option : inbound) {
                context.returnFlight = option.path("_id").asText();
                context.returnSegment = option.path("flightSegmentId").asText();
            }
        }
    }
}
