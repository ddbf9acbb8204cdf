package dev.reprise.tools.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * The statistics of the Acme-Air report: medians over rounds per label and configuration, and the
 * recorded/untraced ratios of each round with their median and bootstrap 95% interval.
 */
final class AcmeAirSummary {
    /** The label of all requests together (throughput only: the driver gives no overall percentiles). */
    static final String ALL = "all requests";

    private final List<AcmeAirRun> runs;

    AcmeAirSummary(List<AcmeAirRun> runs) {
        this.runs = List.copyOf(runs);
    }

    /** A figure of one label: count, throughput or a latency percentile (NaN when not given). */
    enum Metric {
        COUNT("count", l -> l.count()),
        THROUGHPUT("req/s", DriverResult.Label::throughput),
        P50("p50", l -> percentile(l, 0)),
        P90("p90", l -> percentile(l, 1)),
        P99("p99", l -> percentile(l, 2)),
        P999("p99.9", l -> percentile(l, 3));

        final String title;
        private final ToDoubleFunction<DriverResult.Label> value;

        Metric(String title, ToDoubleFunction<DriverResult.Label> value) {
            this.title = title;
            this.value = value;
        }

        double of(DriverResult.Label label) {
            return value.applyAsDouble(label);
        }

        private static double percentile(DriverResult.Label l, int i) {
            return l.percentiles().size() > i ? l.percentiles().get(i) : Double.NaN;
        }

        static final List<Metric> LATENCIES = List.of(P50, P90, P99, P999);
    }

    /**
     * A ratio over rounds.
     *
     * @param median median of the per-round ratios (NaN without any)
     * @param low lower end of the bootstrap 95% interval of the median
     * @param high upper end
     * @param rounds how many rounds gave a ratio
     */
    record Ratio(double median, double low, double high, int rounds) {
        static final Ratio NONE = new Ratio(Double.NaN, Double.NaN, Double.NaN, 0);
    }

    List<AcmeAirRun> runs() {
        return runs;
    }

    /** @return whether any run measured {@code workload} */
    boolean has(String workload) {
        return runs.stream().anyMatch(r -> r.workloads().containsKey(workload));
    }

    /** @return the labels seen in {@code workload}, in name order, then {@link #ALL} */
    List<String> labels(String workload) {
        Set<String> labels = new TreeSet<>();
        for (AcmeAirRun r : runs) {
            DriverResult d = r.workloads().get(workload);
            if (d != null) {
                labels.addAll(d.labels().keySet());
            }
        }
        Set<String> ordered = new LinkedHashSet<>(labels);
        ordered.add(ALL);
        return List.copyOf(ordered);
    }

    /** @return the median over rounds of one figure of {@code config} (NaN when never measured) */
    double median(String workload, String label, String config, Metric metric) {
        List<Double> values = new ArrayList<>();
        for (AcmeAirRun r : runs) {
            if (r.config().equals(config)) {
                label(r, workload, label)
                        .map(metric::of)
                        .filter(v -> !v.isNaN())
                        .ifPresent(values::add);
            }
        }
        return Stats.median(values);
    }

    /** @return recorded/untraced of one figure, per round (both measured, untraced above 0) */
    Ratio ratio(String workload, String label, Metric metric) {
        List<Double> ratios = new ArrayList<>();
        int rounds = runs.stream().mapToInt(AcmeAirRun::round).max().orElse(0);
        for (int round = 1; round <= rounds; round++) {
            double base = value(round, AcmeAirRun.UNTRACED, workload, label, metric);
            double traced = value(round, AcmeAirRun.RECORDED, workload, label, metric);
            if (base > 0 && !Double.isNaN(traced)) {
                ratios.add(traced / base);
            }
        }
        return of(ratios);
    }

    /**
     * The noise floor: untraced against untraced, round k+1 over round k (an A/A pair of separate
     * JVMs), so a recorded/untraced ratio can be judged against the spread that needs no agent.
     */
    Ratio noise(String workload, String label, Metric metric) {
        List<Double> ratios = new ArrayList<>();
        int rounds = runs.stream().mapToInt(AcmeAirRun::round).max().orElse(0);
        for (int round = 1; round < rounds; round++) {
            double a = value(round, AcmeAirRun.UNTRACED, workload, label, metric);
            double b = value(round + 1, AcmeAirRun.UNTRACED, workload, label, metric);
            if (a > 0 && !Double.isNaN(b)) {
                ratios.add(b / a);
            }
        }
        return of(ratios);
    }

    /** @return the recorded runs' traces */
    List<AcmeAirRun.Trace> traces() {
        return runs.stream().map(AcmeAirRun::trace).filter(t -> t != null).toList();
    }

    private static Ratio of(List<Double> ratios) {
        if (ratios.isEmpty()) {
            return Ratio.NONE;
        }
        Stats.Estimate e = Stats.bootstrapMedian(ratios);
        return new Ratio(e.value(), e.low(), e.high(), ratios.size());
    }

    private double value(int round, String config, String workload, String label, Metric metric) {
        return runs.stream()
                .filter(r -> r.round() == round && r.config().equals(config))
                .findFirst()
                .flatMap(r -> label(r, workload, label))
                .map(metric::of)
                .orElse(Double.NaN);
    }

    private static Optional<DriverResult.Label> label(AcmeAirRun run, String workload, String label) {
        DriverResult d = run.workloads().get(workload);
        if (d == null) {
            return Optional.empty();
        }
        if (label.equals(ALL)) {
            return Optional.of(new DriverResult.Label(d.total(), d.errors(), d.throughput(), List.of()));
        }
        return Optional.ofNullable(d.labels().get(label));
    }
}
