package dev.reprise.tools.bench;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The median over pairs of JVMs of the ratio of their median iteration times, with a two-level
 * bootstrap 95% interval: each resample draws the pairs with replacement and, within each drawn
 * pair, both JVMs' iterations with replacement. So the interval covers both the spread between
 * JVMs and the spread within one, and says something even with a single pair.
 */
final class PairedRatio {
    private PairedRatio() {}

    /**
     * One pair of JVMs: the steady-state iteration times (warm-up cut off) of the configuration
     * measured and of the one it is compared with.
     */
    record Pair(double[] measured, double[] reference) {
        double ratio() {
            return Stats.medianInPlace(measured.clone()) / Stats.medianInPlace(reference.clone());
        }
    }

    /** The median paired ratio and its interval; NaN without pairs. */
    static Stats.Estimate estimate(List<Pair> pairs) {
        int n = pairs.size();
        if (n == 0) {
            return Stats.Estimate.of(Double.NaN);
        }
        double[] ratios = new double[n];
        for (int i = 0; i < n; i++) {
            ratios[i] = pairs.get(i).ratio();
        }
        double point = Stats.medianInPlace(ratios);
        SplittableRandom random = new SplittableRandom(42);
        double[] resampled = new double[Stats.RESAMPLES];
        double[] drawn = new double[n];
        for (int r = 0; r < resampled.length; r++) {
            for (int i = 0; i < n; i++) {
                Pair p = pairs.get(random.nextInt(n));
                drawn[i] = resampledMedian(p.measured(), random) / resampledMedian(p.reference(), random);
            }
            resampled[r] = Stats.medianInPlace(drawn);
        }
        return Stats.percentileInterval(point, resampled);
    }

    private static double resampledMedian(double[] values, SplittableRandom random) {
        double[] s = new double[values.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = values[random.nextInt(values.length)];
        }
        return Stats.medianInPlace(s);
    }
}
