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
 * What one fork measured, per measurement iteration: ns per message, process CPU ns per message
 * and bytes allocated per message (the gc profiler's normalised allocation).
 */
record ForkResult(List<Double> nsPerMessage, List<Double> cpuNsPerMessage, List<Double> bytesPerMessage) {

    /** The one fork's result out of what {@code Runner.run} returned. */
    static ForkResult of(Collection<RunResult> results) {
        if (results.size() != 1) {
            throw new IllegalStateException("expected the result of one benchmark, got " + results.size());
        }
        ForkResult r = new ForkResult(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (BenchmarkResult fork : results.iterator().next().getBenchmarkResults()) {
            for (IterationResult it : fork.getIterationResults()) {
                r.nsPerMessage.add(it.getPrimaryResult().getScore());
                r.cpuNsPerMessage.add(secondary(it.getSecondaryResults(), CpuProfiler.NAME));
                r.bytesPerMessage.add(secondary(it.getSecondaryResults(), "gc.alloc.rate.norm"));
            }
        }
        return r;
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
