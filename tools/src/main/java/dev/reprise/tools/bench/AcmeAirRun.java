package dev.reprise.tools.bench;

import java.util.Map;

/**
 * One server JVM of the bench and what it measured.
 *
 * @param round 1-based round
 * @param config {@link #UNTRACED} or {@link #RECORDED}
 * @param workloads driver results by workload ({@link #CLOSED}, {@link #OPEN})
 * @param trace the recording's figures, or null untraced
 */
record AcmeAirRun(int round, String config, Map<String, DriverResult> workloads, Trace trace) {
    static final String UNTRACED = "untraced";
    static final String RECORDED = "recorded";
    static final String CLOSED = "closed";
    static final String OPEN = "open";

    /**
     * A recorded server's trace.
     *
     * @param bytes size of the trace directory after the server stopped
     * @param requests requests the server answered while recording (warm-up included)
     * @param seconds time the driver loaded it (warm-up included)
     * @param problem null when the trace is sound and the server stopped cleanly, else what is wrong
     */
    record Trace(long bytes, long requests, double seconds, String problem) {
        double bytesPerRequest() {
            return (double) bytes / requests;
        }

        double megabytesPerSecond() {
            return bytes / 1e6 / seconds;
        }
    }
}
