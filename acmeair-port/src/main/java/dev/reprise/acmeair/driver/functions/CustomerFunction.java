package dev.reprise.acmeair.driver.functions;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.functions.AbstractFunction;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;

/**
 * {@code ${__customer(VAR,MAX)}}: draws a customer number in {@code 0..MAX} from this JMeter
 * thread's own share (the numbers congruent to the thread's number modulo the thread count), stores
 * it in {@code VAR} and returns it. Each customer is in one session at a time, as a person would
 * be: with customers drawn from one pool, two threads could list the same bookings and cancel the
 * same one, and the second cancel fails (404) whatever the server does.
 */
public class CustomerFunction extends AbstractFunction {
    private List<CompoundVariable> parameters = List.of();

    @Override
    public String execute(SampleResult previous, Sampler sampler) {
        String variable = parameters.get(0).execute().trim();
        int max = Integer.parseInt(parameters.get(1).execute().trim());
        JMeterContext context = JMeterContextService.getContext();
        int threads = Math.max(1, context.getThreadGroup().getNumThreads());
        String customer = Integer.toString(draw(context.getThreadNum(), threads, max));
        context.getVariables().put(variable, customer);
        return customer;
    }

    /** @return a number in {@code 0..max} congruent to {@code thread} modulo {@code threads}, if any */
    static int draw(int thread, int threads, int max) {
        int own = thread % threads;
        if (own > max) {
            // More threads than customers: this thread has no share, so it shares them all.
            return ThreadLocalRandom.current().nextInt(max + 1);
        }
        int shareSize = (max - own) / threads + 1;
        return own + threads * ThreadLocalRandom.current().nextInt(shareSize);
    }

    @Override
    public void setParameters(Collection<CompoundVariable> parameters)
            throws org.apache.jmeter.functions.InvalidVariableException {
        checkParameterCount(parameters, 2);
        this.parameters = new ArrayList<>(parameters);
    }

    @Override
    public String getReferenceKey() {
        return "__customer";
    }

    @Override
    public List<String> getArgumentDesc() {
        return List.of("variable to store the customer number in", "largest customer number");
    }
}
