package dev.reprise.acmeair.driver;

import java.util.Map;
import java.util.TreeMap;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;

/**
 * A JMeter listener that gathers every sample into per-label {@link LabelStats}: its latency in
 * microseconds, from just before the request ({@link SampleClock}), or in an open loop from its
 * intended start ({@link OpenLoopTimer}), to now, just after the answer. One instance is shared by
 * all threads ({@link NoThreadClone}); JMeter calls it on the thread that took the sample.
 */
public final class SampleStatsListener extends AbstractTestElement implements SampleListener, NoThreadClone {
    private static final long serialVersionUID = 1L;

    private final transient Map<String, LabelStats> byLabel = new TreeMap<>();
    private long firstStart = Long.MAX_VALUE;
    private long lastEnd = Long.MIN_VALUE;

    @Override
    public void sampleOccurred(SampleEvent event) {
        long end = System.nanoTime();
        SampleResult result = event.getResult();
        Long intended = OpenLoopTimer.takeIntendedStart();
        long started = SampleClock.takeStart();
        long from = intended != null ? intended : started;
        // Without the clock (a plan run without it), JMeter's whole milliseconds.
        long micros = intended == null && started < 0 ? result.getTime() * 1000 : (end - from) / 1000;
        stats(result.getSampleLabel()).add(micros, result.isSuccessful());
        span(result.getStartTime(), result.getEndTime());
    }

    private synchronized void span(long start, long end) {
        firstStart = Math.min(firstStart, start);
        lastEnd = Math.max(lastEnd, end);
    }

    /** @return milliseconds from the first sample's start to the last one's end (0 without samples) */
    public synchronized long spanMillis() {
        return lastEnd < firstStart ? 0 : lastEnd - firstStart;
    }

    private synchronized LabelStats stats(String label) {
        return byLabel.computeIfAbsent(label, l -> new LabelStats());
    }

    /** @return the statistics so far, by label in name order */
    public synchronized Map<String, LabelStats> byLabel() {
        return new TreeMap<>(byLabel);
    }

    @Override
    public void sampleStarted(SampleEvent event) {
        // Only finished samples count.
    }

    @Override
    public void sampleStopped(SampleEvent event) {
        // Only finished samples count.
    }
}
