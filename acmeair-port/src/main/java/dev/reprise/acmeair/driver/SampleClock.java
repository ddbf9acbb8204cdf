package dev.reprise.acmeair.driver;

import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.processor.PreProcessor;
import org.apache.jmeter.testelement.AbstractTestElement;

/**
 * Times each sample in nanoseconds, where JMeter's own times are whole milliseconds: as a
 * pre-processor at the plan's top it runs on the sampling thread just before each request (the
 * plan has no timer in a closed loop), and {@link SampleStatsListener}, which JMeter calls just
 * after the answer (the plan has no post-processor or assertion), takes the start. One instance is
 * shared by all threads ({@link NoThreadClone}).
 */
public final class SampleClock extends AbstractTestElement implements PreProcessor, NoThreadClone {
    private static final long serialVersionUID = 1L;
    private static final ThreadLocal<Long> START = new ThreadLocal<>();

    @Override
    public void process() {
        START.set(System.nanoTime());
    }

    /** @return the {@code System.nanoTime} just before this thread's last request, or -1 without one; clears it */
    static long takeStart() {
        Long start = START.get();
        START.remove();
        return start == null ? -1 : start;
    }
}
