package dev.reprise.trace.bench;

import dev.reprise.trace.Encoding;
import dev.reprise.trace.EventBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time to append one recorded event to an {@link EventBuffer}, for event mixes of message-heavy
 * programs and each encoding. One operation appends a whole script; the score is divided by the
 * script's events, so it reads as ns per event (subtrace starts included in the cost).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class EventBufferBenchmark {
    @Param
    public EventMix mix;

    @Param
    public Encoding encoding;

    private EventMix.Script script;
    private EventBuffer buffer;

    @Setup
    public void setUp() {
        script = mix.script();
        buffer = new EventBuffer(1 << 20, encoding);
    }

    @Benchmark
    public int appendScript() {
        EventBuffer b = buffer;
        b.clear();
        script.writeTo(b);
        return b.size();
    }
}
