package dev.reprise.tools.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Medians, geometric means and clean-up shared by the benchmark commands. */
final class Stats {
    private Stats() {}

    static double median(List<? extends Number> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> s = new ArrayList<>();
        values.forEach(v -> s.add(v.doubleValue()));
        s.sort(null);
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    /**
     * A bootstrap 95% interval of the median of {@code values}: 10,000 resamples with replacement,
     * from a fixed seed so a report is reproducible from its figures.
     */
    static double[] bootstrapMedianInterval(List<Double> values) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(42);
        int n = values.size();
        double[] medians = new double[10_000];
        List<Double> sample = new ArrayList<>(n);
        for (int i = 0; i < medians.length; i++) {
            sample.clear();
            for (int j = 0; j < n; j++) {
                sample.add(values.get(random.nextInt(n)));
            }
            medians[i] = median(sample);
        }
        java.util.Arrays.sort(medians);
        return new double[] {medians[249], medians[9_749]};
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
}
