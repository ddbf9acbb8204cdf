package dev.reprise.runtime.bench;

import dev.reprise.runtime.ActorRecord;
import dev.reprise.runtime.Recorder;
import dev.reprise.runtime.RecorderSettings;
import dev.reprise.runtime.ThreadRecorder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The recorder's hot path: one processed message recorded, thread buffer lookup included, against
 * a baseline that does the same work without recording. Each iteration records into a fresh trace
 * (on /dev/shm where there is one, so the disk never limits the figure).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class RecorderBenchmark {

    /** Which senders and actors follow each other: it decides the encoding path taken. */
    public enum Pattern {
        /** One actor, the same sender every time (a counter flooded by a producer). */
        SAME_SENDER,
        /** One actor, senders alternating (a server with two clients). */
        ALTERNATING_SENDERS,
        /** Two actors taking turns on the thread (ping-pong): a subtrace starts at every message. */
        ACTOR_SWITCH
    }

    @State(Scope.Benchmark)
    public static class Trace {
        private static final AtomicInteger RUN = new AtomicInteger();
        Recorder recorder;
        Path dir;

        @Setup(Level.Iteration)
        public void start() throws IOException {
            Path base = Files.isDirectory(Path.of("/dev/shm"))
                    ? Path.of("/dev/shm")
                    : Path.of(System.getProperty("java.io.tmpdir"));
            dir = base.resolve("reprise-bench-" + ProcessHandle.current().pid() + "-" + RUN.incrementAndGet());
            recorder = Recorder.start(RecorderSettings.defaults(dir));
        }

        @TearDown(Level.Iteration)
        public void stop() throws IOException {
            recorder.close();
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    @State(Scope.Thread)
    public static class Actors {
        private static final AtomicInteger NEXT = new AtomicInteger(1);

        @Param
        public Pattern pattern;

        ActorRecord a;
        ActorRecord b;
        ThreadRecorder cached;
        int n;

        @Setup
        public void setUp() {
            a = new ActorRecord(NEXT.getAndIncrement());
            b = new ActorRecord(NEXT.getAndIncrement() + 1000);
        }

        /** The work a message brings, recorded or not: which actor runs and who sent the message. */
        long sender() {
            int i = n++;
            return switch (pattern) {
                case SAME_SENDER -> 7;
                case ALTERNATING_SENDERS -> (i & 1) == 0 ? 7 : 9;
                case ACTOR_SWITCH -> (i & 1) == 0 ? b.id() : a.id();
            };
        }

        ActorRecord receiver() {
            return pattern == Pattern.ACTOR_SWITCH && (n & 1) == 0 ? b : a;
        }
    }

    /** The same work without recording. */
    @Benchmark
    public void baseline(Actors t, Blackhole bh) {
        long sender = t.sender();
        bh.consume(t.receiver());
        bh.consume(sender);
    }

    /** Recording through the thread-local lookup that any thread can use. */
    @Benchmark
    public void recordViaThreadLocal(Trace trace, Actors t, Blackhole bh) {
        long sender = t.sender();
        ActorRecord receiver = t.receiver();
        trace.recorder.forCurrentThread().message(receiver, sender);
        bh.consume(receiver);
    }

    /**
     * Recording through a per-thread field, as on dispatcher threads that the agent gives a field
     * (JMH's own threads cannot have it, so the field lives in the thread's state here).
     */
    @Benchmark
    public void recordViaThreadField(Trace trace, Actors t, Blackhole bh) {
        long sender = t.sender();
        ActorRecord receiver = t.receiver();
        ThreadRecorder r = t.cached;
        if (r == null || r.recorder() != trace.recorder) {
            r = t.cached = trace.recorder.forCurrentThread();
        }
        r.message(receiver, sender);
        bh.consume(receiver);
    }
}
