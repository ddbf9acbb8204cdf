package dev.reprise.hookbench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * What one fork measured: ns per message of each measurement iteration, and the fork's mean
 * allocation (the gc profiler's bytes per message) and process CPU time per message.
 */
record ForkResult(List<Double> nsPerMessage, double bytesPerMessage, double cpuNsPerMessage) {

    /** The one fork's result out of what {@code Runner.run} returned. */
    static ForkResult of(Collection<RunResult> results) {
        if (results.size() != 1) {
            throw new IllegalStateException("expected the result of one benchmark, got " + results.size());
        }
        RunResult run = results.iterator().next();
        List<Double> scores = new ArrayList<>();
        for (BenchmarkResult fork : run.getBenchmarkResults()) {
            for (IterationResult it : fork.getIterationResults()) {
                scores.add(it.getPrimaryResult().getScore());
            }
        }
        Map<String, Result> secondary = run.getAggregatedResult().getSecondaryResults();
        return new ForkResult(scores, secondary(secondary, "gc.alloc.rate.norm"), secondary(secondary, CpuProfiler.NAME));
    }

    /** A secondary result by name; JMH prefixes profilers' results with a marker, so match the end. */
    private static double secondary(Map<String, Result> results, String name) {
        for (Map.Entry<String, Result> e : results.entrySet()) {
            if (e.getKey().endsWith(name)) {
                return e.getValue().getScore();
            }
        }
        return Double.NaN;
    }
}
