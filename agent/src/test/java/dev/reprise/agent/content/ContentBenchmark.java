package dev.reprise.agent.content;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import com.typesafe.config.ConfigFactory;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
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

/**
 * Copying one outside message ({@link MessageContent#encode}, on the sending thread when
 * recording) and making it again ({@link MessageContent#decode}, in replay), per kind of message;
 * for messages Akka can serialise, Akka's Java serializer (what older agents used) alongside.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--sun-misc-unsafe-memory-access=allow")
public class ContentBenchmark {
    enum Priority {
        LOW,
        HIGH
    }

    /** A Java record as a request: not Serializable. */
    record Order(int n, Priority priority, Optional<String> note, List<Integer> quantities, ActorRef replyTo) {}

    /** The message kinds measured. */
    public enum Kind {
        /** A short string: the simplest outside input. */
        STRING,
        /** A record holding an enum, an Optional, an immutable list and an actor ref. */
        RECORD,
        /** A Scala case class (a tuple) holding a Scala list: Serializable. */
        SCALA_CASE_CLASS
    }

    @Param
    public Kind kind;

    ActorSystem system;
    Serialization akka;
    Object message;
    byte[] entry;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        system = ActorSystem.create(
                "content-bench",
                ConfigFactory.parseString("akka.loglevel = ERROR\nakka.actor.allow-java-serialization = on\n"
                                + "akka.actor.warn-about-java-serializer-usage = off")
                        .withFallback(ConfigFactory.load()));
        akka = SerializationExtension.get(system);
        message = of(kind, system.deadLetters());
        entry = MessageContent.encode(system, message, 1);
    }

    static Object of(Kind kind, ActorRef ref) {
        return switch (kind) {
            case STRING -> "GET /flights?from=AMS&to=LHR";
            case RECORD -> new Order(42, Priority.HIGH, Optional.of("window seat"), List.of(1, 2, 3), ref);
            case SCALA_CASE_CLASS ->
                new scala.Tuple2<>(
                        "booking-42",
                        scala.jdk.javaapi.CollectionConverters.asScala(List.of("AMS", "LHR", "JFK"))
                                .toList());
        };
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @Benchmark
    public byte[] copy() throws Exception {
        return MessageContent.encode(system, message, 1);
    }

    @Benchmark
    public Object makeAgain() {
        return MessageContent.decode(system, entry);
    }

    /** Akka's serialization of the same message; NaN-free only where Akka takes it (not records). */
    @Benchmark
    public byte[] akkaJavaSerializer() {
        return kind == Kind.RECORD ? entry : akka.serialize(message).get();
    }
}
