package dev.reprise.tools.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/** Medians, bootstrap intervals, geometric means and clean-up shared by the benchmark commands. */
final class Stats {
    private Stats() {}

    /** Bootstrap resamples per interval. */
    static final int RESAMPLES = 10_000;

    /**
     * A point estimate with its 95% interval.
     *
     * @param value the estimate (a median)
     * @param low lower end of the 95% interval
     * @param high upper end of the 95% interval
     */
    record Estimate(double value, double low, double high) {
        /** An estimate known only as a number (no interval). */
        static Estimate of(double value) {
            return new Estimate(value, value, value);
        }

        /** {@code 1.234 [1.200, 1.260]}. */
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", value, low, high);
        }
    }

    static double median(List<? extends Number> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        double[] s = new double[values.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = values.get(i).doubleValue();
        }
        return medianInPlace(s);
    }

    /** The sample standard deviation of {@code values} (n - 1 in the denominator); NaN with fewer than 2. */
    static double standardDeviation(List<Double> values) {
        int n = values.size();
        if (n < 2) {
            return Double.NaN;
        }
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double squares =
                values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        return Math.sqrt(squares / (n - 1));
    }

    /** The median of {@code values}, which it sorts. */
    static double medianInPlace(double[] values) {
        Arrays.sort(values);
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    /**
     * The median of {@code values} with a bootstrap 95% interval: 10,000 resamples with replacement,
     * from a fixed seed so a report is reproducible from its figures.
     */
    static Estimate bootstrapMedian(List<Double> values) {
        SplittableRandom random = new SplittableRandom(42);
        int n = values.size();
        double[] medians = new double[RESAMPLES];
        double[] sample = new double[n];
        for (int i = 0; i < medians.length; i++) {
            for (int j = 0; j < n; j++) {
                sample[j] = values.get(random.nextInt(n));
            }
            medians[i] = medianInPlace(sample);
        }
        return percentileInterval(median(values), medians);
    }

    /** The 2.5% and 97.5% points of {@code resampled} (sorted here) around {@code value}. */
    static Estimate percentileInterval(double value, double[] resampled) {
        Arrays.sort(resampled);
        int n = resampled.length;
        return new Estimate(
                value,
                resampled[Math.max(0, (int) Math.round(0.025 * n) - 1)],
                resampled[Math.max(0, (int) Math.round(0.975 * n) - 1)]);
    }

    static double geometricMean(List<Double> values) {
        return Math.exp(values.stream().mapToDouble(Math::log).average().orElse(Double.NaN));
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** A copy of {@code values} as doubles. */
    static double[] toArray(List<? extends Number> values) {
        return values.stream().mapToDouble(Number::doubleValue).toArray();
    }
}
