package dev.reprise.acmeair.driver;

import org.HdrHistogram.Histogram;

/**
 * Samples of one request label: count, errors and the latency distribution in milliseconds
 * (JMeter's {@code elapsed} in a closed loop; from the intended start in an open loop).
 */
public final class LabelStats {
    private final Histogram elapsed = new Histogram(3_600_000L, 3);
    private long errors;

    synchronized void add(long elapsedMillis, boolean success) {
        elapsed.recordValue(Math.max(0, Math.min(elapsedMillis, elapsed.getHighestTrackableValue())));
        if (!success) {
            errors++;
        }
    }

    /** @return number of samples */
    public synchronized long count() {
        return elapsed.getTotalCount();
    }

    /** @return number of failed samples */
    public synchronized long errors() {
        return errors;
    }

    /**
     * @param percentile 0 to 100
     * @return response time at that percentile, in milliseconds
     */
    public synchronized long percentile(double percentile) {
        return elapsed.getValueAtPercentile(percentile);
    }
}
