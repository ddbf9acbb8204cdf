package dev.reprise.hookbench;

import akka.actor.ActorSystem;
import akka.actor.Props;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import scala.concurrent.Await;
import scala.concurrent.duration.Duration;

/**
 * The real hook path: Akka Classic workloads on one dispatcher thread, timed per processed
 * message. The same class runs with and without {@code -javaagent} ({@link HookBench} starts the
 * forks); it never refers to Reprise, so it measures exactly what an application pays.
 *
 * <p>The workload's actors run without end; each invocation waits for the next {@link Pacer#BATCH}
 * messages, and {@link OperationsPerInvocation} makes JMH's scores (time, and the gc profiler's
 * bytes) per message. The benchmark thread sends nothing, so no outside input is recorded.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class HookBenchmark {
    /** Set by {@link HookBench}: a file the fork appends "benchmark messages" to when it ends. */
    static final String COUNTS_PROPERTY = "hookbench.counts";

    /** One dispatcher thread (fork-join, parallelism 1), as Savina's single-thread configuration. */
    private static final String CONFIG = """
            akka.loglevel = WARNING
            akka.stdout-loglevel = WARNING
            akka.log-dead-letters = off
            akka.log-dead-letters-during-shutdown = off
            akka.actor.default-dispatcher {
              executor = "fork-join-executor"
              fork-join-executor {
                parallelism-min = 1
                parallelism-factor = 1.0
                parallelism-max = 1
              }
            }
            """;

    private ActorSystem system;
    private final Pacer pacer = new Pacer();

    /** Starts the one workload this fork measures; it runs until the actor system terminates. */
    @Setup
    public void start(BenchmarkParams params) throws InterruptedException {
        awaitAgentStartUp();
        Config config = ConfigFactory.parseString(CONFIG).withFallback(ConfigFactory.load());
        system = ActorSystem.create("hookbench", config);
        String bench = params.getBenchmark().replaceAll(".*\\.", "");
        Props workload = switch (bench) {
            case "pingPong" -> PingPong.props(pacer);
            case "threadRing" -> ThreadRing.props(pacer);
            case "fanIn" -> FanIn.props(pacer);
            case "manySenders" -> ManySenders.props(pacer);
            default -> throw new IllegalArgumentException("no workload for " + bench);
        };
        system.actorOf(workload, bench);
    }

    /**
     * With the agent, its start-up work runs on a thread of its own ({@code reprise-init}:
     * instrumenting Akka ahead of loading, then, a few seconds later, registering its MBean). It
     * is a one-off cost, not a per-message one: warm-up starts once it is done. Found by the
     * thread's name, as this class knows nothing of Reprise; without the agent there is no wait.
     */
    private static void awaitAgentStartUp() throws InterruptedException {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("reprise-init")) {
                t.join(TimeUnit.MINUTES.toMillis(1));
            }
        }
    }

    @TearDown
    public void stop(BenchmarkParams params) throws Exception {
        Await.result(system.terminate(), Duration.create(30, TimeUnit.SECONDS));
        String counts = System.getProperty(COUNTS_PROPERTY);
        if (counts != null) {
            // Every message since the fork started, warm-up included: what the trace must hold at least.
            String line = params.getBenchmark().replaceAll(".*\\.", "") + " " + pacer.messages() + "\n";
            Files.writeString(
                    Path.of(counts),
                    line,
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        }
    }

    @Benchmark
    @OperationsPerInvocation(Pacer.BATCH)
    public void pingPong() throws InterruptedException {
        pacer.awaitBatch();
    }

    @Benchmark
    @OperationsPerInvocation(Pacer.BATCH)
    public void threadRing() throws InterruptedException {
        pacer.awaitBatch();
    }

    @Benchmark
    @OperationsPerInvocation(Pacer.BATCH)
    public void fanIn() throws InterruptedException {
        pacer.awaitBatch();
    }

    @Benchmark
    @OperationsPerInvocation(Pacer.BATCH)
    public void manySenders() throws InterruptedException {
        pacer.awaitBatch();
    }
}
