package dev.reprise.agent.content;

import akka.actor.ActorSystem;
import akka.serialization.SerializationExtension;
import com.typesafe.config.ConfigFactory;
import dev.reprise.trace.OutsideInputEntry;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * {@code ./reprise bench content [--quick]}: runs {@link ContentBenchmark} and prints, per kind of
 * outside message, the ns to copy it when recording and to make it again in replay, the bytes its
 * trace entry takes, and Akka's Java serializer's ns and bytes where Akka takes the message.
 */
public final class ContentBench {
    private ContentBench() {}

    public static void main(String[] args) throws Exception {
        boolean quick = java.util.Arrays.asList(args).contains("--quick");
        ChainedOptionsBuilder o =
                new OptionsBuilder().include(ContentBenchmark.class.getName()).shouldFailOnError(true);
        if (quick) {
            o.warmupIterations(2)
                    .warmupTime(TimeValue.milliseconds(500))
                    .measurementIterations(3)
                    .measurementTime(TimeValue.milliseconds(500));
        }
        Map<String, RunResult> results = new LinkedHashMap<>();
        for (RunResult r : new Runner(o.build()).run()) {
            String method = r.getParams().getBenchmark().replaceAll(".*\\.", "");
            results.put(r.getParams().getParam("kind") + "/" + method, r);
        }
        ActorSystem system = ActorSystem.create(
                "content-sizes",
                ConfigFactory.parseString("akka.loglevel = ERROR\nakka.actor.allow-java-serialization = on\n"
                                + "akka.actor.warn-about-java-serializer-usage = off")
                        .withFallback(ConfigFactory.load()));
        try {
            System.out.println();
            System.out.println("Outside input's content: ns per message (JMH average, ± 99.9% interval) and bytes");
            System.out.printf(
                    "%-18s %16s %16s %12s %16s %12s%n",
                    "kind", "copy ns", "make again ns", "entry bytes", "akka java ns", "akka bytes");
            for (ContentBenchmark.Kind kind : ContentBenchmark.Kind.values()) {
                Object message = ContentBenchmark.of(kind, system.deadLetters());
                byte[] entry = MessageContent.encode(system, message, 1);
                int body = OutsideInputEntry.body(entry);
                boolean akkaTakes = kind != ContentBenchmark.Kind.RECORD;
                System.out.printf(
                        Locale.ROOT,
                        "%-18s %16s %16s %7d (%3d) %16s %12s%n",
                        kind,
                        score(results.get(kind + "/copy")),
                        score(results.get(kind + "/makeAgain")),
                        entry.length,
                        entry.length - body,
                        akkaTakes ? score(results.get(kind + "/akkaJavaSerializer")) : "n/a",
                        akkaTakes
                                ? Integer.toString(SerializationExtension.get(system)
                                        .serialize(message)
                                        .get()
                                        .length)
                                : "n/a (not Serializable)");
            }
            System.out.println(
                    "entry bytes: the whole trace entry; in brackets, the copy alone (without kind, sender and class name)");
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }

    private static String score(RunResult r) {
        if (r == null) {
            return "-";
        }
        return String.format(
                Locale.ROOT,
                "%.0f ± %.0f",
                r.getPrimaryResult().getScore(),
                r.getPrimaryResult().getScoreError());
    }
}
