package dev.reprise.hookbench;

import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The difference of two means with its 95% confidence half-width (Welch's t interval). The
 * samples are measurement iterations pooled over the forks of each configuration, so the spread
 * between forks is in the variances; the A/A difference printed beside it shows how far two
 * configurations that are the same drift apart in one run.
 */
record Difference(double mean, double error) {

    static Difference between(List<Double> a, List<Double> b) {
        double ma = mean(a);
        double mb = mean(b);
        double va = variance(a, ma) / a.size();
        double vb = variance(b, mb) / b.size();
        double se = Math.sqrt(va + vb);
        double df = (va + vb) * (va + vb)
                / (va * va / (a.size() - 1) + vb * vb / (b.size() - 1));
        double t = se == 0 || Double.isNaN(df) ? 0 : new TDistribution(df).inverseCumulativeProbability(0.975);
        return new Difference(ma - mb, t * se);
    }

    static double mean(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    private static double variance(List<Double> xs, double mean) {
        if (xs.size() < 2) {
            return Double.NaN;
        }
        double s = 0;
        for (double x : xs) {
            s += (x - mean) * (x - mean);
        }
        return s / (xs.size() - 1);
    }

    /** "12.3 ± 4.5". */
    String text() {
        return String.format(Locale.ROOT, "%.1f ± %.1f", mean, error);
    }
}
