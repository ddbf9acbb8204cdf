package dev.reprise.hookbench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The difference of two medians with a bootstrap 95% interval. The samples are measurement
 * iterations pooled over the forks of each configuration. Medians, because on a shared machine an
 * iteration whose thread was descheduled is an outlier upwards that would drag a mean; the A/A
 * difference printed beside it shows how far two identical configurations drift apart in one run.
 */
record Difference(double median, double low, double high) {
    private static final int RESAMPLES = 4000;

    static Difference between(List<Double> a, List<Double> b) {
        double[] x = clean(a);
        double[] y = clean(b);
        if (x.length == 0 || y.length == 0) {
            return new Difference(Double.NaN, Double.NaN, Double.NaN);
        }
        Random random = new Random(1); // the same data gives the same interval
        double[] d = new double[RESAMPLES];
        for (int i = 0; i < RESAMPLES; i++) {
            d[i] = median(resample(x, random)) - median(resample(y, random));
        }
        Arrays.sort(d);
        return new Difference(median(x) - median(y), d[(int) (RESAMPLES * 0.025)], d[(int) (RESAMPLES * 0.975) - 1]);
    }

    static double median(List<Double> xs) {
        return median(clean(xs));
    }

    private static double[] clean(List<Double> xs) {
        List<Double> kept = new ArrayList<>();
        for (Double v : xs) {
            if (v != null && !v.isNaN()) {
                kept.add(v);
            }
        }
        return kept.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double[] resample(double[] xs, Random random) {
        double[] r = new double[xs.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = xs[random.nextInt(xs.length)];
        }
        return r;
    }

    private static double median(double[] xs) {
        if (xs.length == 0) {
            return Double.NaN;
        }
        double[] s = xs.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }

    /** "12.3 ± 4.5": the median difference and half the interval's width. */
    String text() {
        return String.format(Locale.ROOT, "%.1f ± %.1f", median, (high - low) / 2);
    }

    /** "[8.1, 17.0]". */
    String interval() {
        return String.format(Locale.ROOT, "[%.1f, %.1f]", low, high);
    }
}
