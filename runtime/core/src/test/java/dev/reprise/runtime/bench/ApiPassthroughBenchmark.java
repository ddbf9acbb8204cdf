package dev.reprise.runtime.bench;

import dev.reprise.api.Codec;
import dev.reprise.api.Reprise;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Without the agent, {@link Reprise} calls through: compared with calling the supplier directly. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ApiPassthroughBenchmark {
    long x = 42;
    final LongSupplier longCall = () -> x * 31 + 7;
    final Supplier<String> stringCall = () -> "v" + (x & 7);

    @Benchmark
    public long directLong() {
        return longCall.getAsLong();
    }

    @Benchmark
    public long apiLong() {
        return Reprise.systemCallLong(longCall);
    }

    @Benchmark
    public String directObject() {
        return stringCall.get();
    }

    @Benchmark
    public String apiObject() {
        return Reprise.systemCall(stringCall, Codec.utf8());
    }
}
