package dev.reprise.tools.bench;

/**
 * The sizes of an Acme-Air bench run.
 *
 * @param quick whether this is the quick run
 * @param rounds rounds, each with an untraced and a recorded server
 * @param customers customers loaded into each fresh database
 * @param warmupSeconds closed-loop warm-up per server, not measured
 * @param closedSeconds the measured closed loop (1 thread, no think time)
 * @param openSeconds the measured open loop, 0 for none
 * @param openThreads JMeter threads of the open loop
 * @param replayTimeoutSeconds how long the replay may take to make the recording's responses before it counts as failed
 */
record AcmeAirPlan(
        boolean quick,
        int rounds,
        int customers,
        int warmupSeconds,
        int closedSeconds,
        int openSeconds,
        int openThreads,
        int replayTimeoutSeconds) {

    /** The open loop's rate as a share of the untraced closed loop's throughput in round 1. */
    static final double OPEN_LOAD = 0.7;

    /** The quick run: small data, short phases, one round, no open loop (about 2 minutes). */
    static AcmeAirPlan quick(Integer rounds) {
        return new AcmeAirPlan(true, rounds != null ? rounds : 1, 1_000, 5, 8, 0, 8, 120);
    }

    /** The full run: the SOMns data size, 3 rounds, closed and open loop (about 12 minutes). */
    static AcmeAirPlan full(Integer rounds) {
        return new AcmeAirPlan(false, rounds != null ? rounds : 3, 10_000, 10, 30, 30, 8, 300);
    }

    /** @return seconds of load one server gets (warm-up and measured) */
    int loadSecondsPerServer() {
        return warmupSeconds + closedSeconds + (openSeconds > 0 ? warmupSeconds / 2 + openSeconds : 0);
    }
}
