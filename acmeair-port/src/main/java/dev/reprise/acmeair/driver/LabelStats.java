package dev.reprise.acmeair.driver;

import org.HdrHistogram.Histogram;

/**
 * Samples of one request label: count, errors and the latency distribution in microseconds (from
 * just before the request in a closed loop, from its intended start in an open loop, to just
 * after the answer: {@link SampleStatsListener}), up to an hour at 3 significant digits.
 */
public final class LabelStats {
    private final Histogram elapsed = new Histogram(3_600_000_000L, 3);
    private long errors;

    synchronized void add(long micros, boolean success) {
        elapsed.recordValue(Math.max(0, Math.min(micros, elapsed.getHighestTrackableValue())));
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
     * @return latency at that percentile, in microseconds
     */
    public synchronized long percentile(double percentile) {
        return elapsed.getValueAtPercentile(percentile);
    }
}
