package dev.reprise.acmeair.driver.functions;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.functions.AbstractFunction;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.threads.JMeterContextService;

/**
 * {@code ${__extrainfo(KEY)}}: a field of the flights the last queries found ({@code
 * isFlightAvailable}, {@code TOFLIGHT}, {@code TOSEGMENTID}, {@code RETFLIGHT}, {@code
 * RESEGMENTID}, {@code ONEWAY}, {@code numOfToFlights}, {@code numOfRetFlights}); {@code UNSET}
 * clears them. Port of the Acme-Air driver's {@code ExtractFlightsInfoFunction}.
 */
public class ExtraInfoFunction extends AbstractFunction {
    private List<CompoundVariable> parameters = List.of();

    @Override
    public String execute(SampleResult previous, Sampler sampler) {
        String key = parameters.get(0).execute();
        if (key.equalsIgnoreCase("UNSET")) {
            JMeterContextService.getContext().getVariables().remove("FLIGHTTOCOUNT");
            JMeterContextService.getContext().getVariables().remove("FLIGHTRETCOUNT");
            FlightsContext.clear();
            return "";
        }
        FlightsContext c = FlightsContext.current();
        return switch (key.toUpperCase()) {
            case "ISFLIGHTAVAILABLE" -> c.flightAvailable;
            case "NUMOFTOFLIGHTS" -> c.toFlightCount;
            case "NUMOFRETFLIGHTS" -> c.returnFlightCount;
            case "TOFLIGHT" -> c.toFlight;
            case "TOSEGMENTID" -> c.toSegment;
            case "RETFLIGHT" -> c.returnFlight;
            case "RESEGMENTID" -> c.returnSegment;
            case "ONEWAY" -> c.oneWay;
            default -> "";
        };
    }

    @Override
    public void setParameters(Collection<CompoundVariable> parameters) {
        this.parameters = new ArrayList<>(parameters);
    }

    @Override
    public String getReferenceKey() {
        return "__extrainfo";
    }

    @Override
    public List<String> getArgumentDesc() {
        return List.of("extract_info");
    }
}
