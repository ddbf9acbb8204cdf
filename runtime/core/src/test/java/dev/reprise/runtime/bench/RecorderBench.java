package dev.reprise.runtime.bench;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * {@code ./reprise bench recorder [--quick]}: runs {@link RecorderBenchmark} with one thread and
 * with two, and prints per pattern the baseline, the recording cost per message and the added ns,
 * all measured in the same run.
 */
public final class RecorderBench {
    private RecorderBench() {}

    public static void main(String[] args) throws Exception {
        boolean quick = java.util.Arrays.asList(args).contains("--quick");
        Map<String, Double> score = new LinkedHashMap<>();
        for (int threads : new int[] {1, 2}) {
            ChainedOptionsBuilder o = new OptionsBuilder()
                    .include(RecorderBenchmark.class.getName())
                    .threads(threads)
                    .shouldFailOnError(true);
            if (quick) {
                o.warmupIterations(2)
                        .warmupTime(TimeValue.milliseconds(500))
                        .measurementIterations(3)
                        .measurementTime(TimeValue.milliseconds(500));
            }
            Collection<RunResult> results = new Runner(o.build()).run();
            for (RunResult r : results) {
                String method = r.getParams().getBenchmark().replaceAll(".*\\.", "");
                score.put(
                        threads + "/" + r.getParams().getParam("pattern") + "/" + method,
                        r.getPrimaryResult().getScore());
            }
        }
        ChainedOptionsBuilder api = new OptionsBuilder()
                .include(ApiPassthroughBenchmark.class.getName())
                .shouldFailOnError(true);
        if (quick) {
            api.warmupIterations(2)
                    .warmupTime(TimeValue.milliseconds(500))
                    .measurementIterations(3)
                    .measurementTime(TimeValue.milliseconds(500));
        }
        for (RunResult r : new Runner(api.build()).run()) {
            score.put(
                    "api/" + r.getParams().getBenchmark().replaceAll(".*\\.", ""),
                    r.getPrimaryResult().getScore());
        }

        System.out.println();
        System.out.println("Recorder hot path: ns per recorded message (JMH average time per op, same run)");
        System.out.printf(
                "%-8s %-20s %10s %12s %12s %12s %12s%n",
                "threads", "pattern", "baseline", "threadLocal", "added", "threadField", "added");
        for (int threads : new int[] {1, 2}) {
            for (RecorderBenchmark.Pattern p : RecorderBenchmark.Pattern.values()) {
                String k = threads + "/" + p + "/";
                double base = score.getOrDefault(k + "baseline", Double.NaN);
                double tl = score.getOrDefault(k + "recordViaThreadLocal", Double.NaN);
                double field = score.getOrDefault(k + "recordViaThreadField", Double.NaN);
                System.out.printf(
                        Locale.ROOT,
                        "%-8d %-20s %10.2f %12.2f %12.2f %12.2f %12.2f%n",
                        threads,
                        p,
                        base,
                        tl,
                        tl - base,
                        field,
                        field - base);
            }
        }
        System.out.println();
        System.out.println("API without the agent (ns per call): direct supplier call vs Reprise.systemCall");
        System.out.printf(
                Locale.ROOT,
                "long:   direct %.2f  api %.2f%nobject: direct %.2f  api %.2f%n",
                score.get("api/directLong"),
                score.get("api/apiLong"),
                score.get("api/directObject"),
                score.get("api/apiObject"));
    }
}
