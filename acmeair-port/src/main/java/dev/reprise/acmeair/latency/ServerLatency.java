package dev.reprise.acmeair.latency;

import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The server's own latency per request, in microseconds: from the request decoded (Netty handed
 * the handler a whole request) to the response written to the socket (its write completed).
 * Recorded wait-free from any thread into an HdrHistogram {@link Recorder}, up to an hour at 3
 * significant digits; {@link #takeInterval} hands out and clears what came since its last call, so
 * a driver takes it once after its warm-up (discarding it) and once after its measured run.
 *
 * <p>In a package of its own, so that a recording can leave its clock reads out (agent option
 * {@code exclude=dev.reprise.acmeair.latency}): they measure the service, they are not its behaviour.
 */
public final class ServerLatency {
    /** The path a driver GETs for {@link #takeInterval}; answered by the HTTP handler, never by the actors. */
    public static final String PATH = "/internal/latency";

    private static final long HIGHEST_MICROS = 3_600_000_000L;

    private final Recorder recorder = new Recorder(HIGHEST_MICROS, 3);

    /** @return the time a request is decoded, for {@link #answered} */
    public long now() {
        return System.nanoTime();
    }

    /** The response of the request decoded at {@code start} ({@link #now}) has been written. */
    public void answered(long start) {
        long micros = (System.nanoTime() - start) / 1000;
        recorder.recordValue(Math.max(0, Math.min(micros, HIGHEST_MICROS)));
    }

    /**
     * @return the requests answered since the last call, as one line: count, then p50, p90, p99 and
     *     p99.9 in microseconds (as {@link #parse} reads it)
     */
    public String takeInterval() {
        Histogram h = recorder.getIntervalHistogram();
        return String.format(
                Locale.ROOT,
                "%d %d %d %d %d",
                h.getTotalCount(),
                h.getValueAtPercentile(50),
                h.getValueAtPercentile(90),
                h.getValueAtPercentile(99),
                h.getValueAtPercentile(99.9));
    }

    /**
     * @param line what {@link #takeInterval} returned
     * @return count, p50, p90, p99 and p99.9
     * @throws IllegalArgumentException if it is not such a line
     */
    public static long[] parse(String line) {
        String[] f = line.strip().split(" ");
        if (f.length != 5) {
            throw new IllegalArgumentException("not a server latency line: '" + line + "'");
        }
        long[] v = new long[5];
        for (int i = 0; i < 5; i++) {
            v[i] = Long.parseLong(f[i]);
        }
        return v;
    }
}
