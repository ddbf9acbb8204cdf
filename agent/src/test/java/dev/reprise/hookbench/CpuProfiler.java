package dev.reprise.hookbench;

import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler that reports the fork's process CPU time per operation ({@code cpu}, ns/op): every
 * thread counts, the agent's writer thread and the JIT and GC threads too, which wall time on a
 * machine with idle cores would hide.
 */
public final class CpuProfiler implements InternalProfiler {
    /** The secondary result's name. */
    static final String NAME = "cpu";

    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long before;

    @Override
    public String getDescription() {
        return "process CPU time per operation";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmark, IterationParams iteration) {
        before = os.getProcessCpuTime();
    }

    @Override
    public Collection<? extends Result> afterIteration(
            BenchmarkParams benchmark, IterationParams iteration, IterationResult result) {
        long ops = result.getMetadata().getAllOps();
        double perOp = ops == 0 ? Double.NaN : (double) (os.getProcessCpuTime() - before) / ops;
        return List.of(new ScalarResult(NAME, perOp, "ns/op", AggregationPolicy.AVG));
    }
}
