package dev.reprise.acmeair.driver.functions;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.functions.AbstractFunction;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.Sampler;

/**
 * {@code ${__generateDate(from|return)}}: today plus 0–5 days ({@code from}) or 6–12 days
 * ({@code return}) as {@code EEE MMM dd 00:00:00 z yyyy}. Port of the Acme-Air driver's {@code
 * GenerateDateFunction} (with an English locale, so the server can always read it).
 */
public class GenerateDateFunction extends AbstractFunction {
    private static final DateTimeFormatter FORMAT =
            DateTimeFormatter.ofPattern("EEE MMM dd 00:00:00 z yyyy", Locale.US);

    private List<CompoundVariable> parameters = List.of();

    @Override
    public String execute(SampleResult previous, Sampler sampler) {
        String which = parameters.get(0).execute();
        ZonedDateTime now = ZonedDateTime.now();
        if (which.equalsIgnoreCase("from")) {
            return FORMAT.format(now.plusDays(ThreadLocalRandom.current().nextInt(6)));
        }
        if (which.equalsIgnoreCase("return")) {
            return FORMAT.format(now.plusDays(ThreadLocalRandom.current().nextInt(7) + 6));
        }
        return "";
    }

    @Override
    public void setParameters(Collection<CompoundVariable> parameters) {
        this.parameters = new ArrayList<>(parameters);
    }

    @Override
    public String getReferenceKey() {
        return "__generateDate";
    }

    @Override
    public List<String> getArgumentDesc() {
        return List.of("generate_date");
    }
}
