package dev.reprise.tools.bench;

/**
 * Warm-up detection by MSER-5 (White 1997; Franklin and White 2008): the series is cut into batches
 * of 5, and the warm-up is the number of leading batches whose removal minimises the marginal
 * standard error of what is left, {@code sum((y - mean)^2) / (k - d)^2} over the k - d remaining
 * batch means. The cut never takes more than half of the series.
 */
final class Mser {
    private Mser() {}

    /** Batch size of MSER-5. */
    static final int BATCH = 5;

    /** How many leading values of {@code series} are warm-up: a multiple of 5, at most half. */
    static int truncation(double[] series) {
        int k = series.length / BATCH;
        if (k < 2) {
            return 0;
        }
        double[] means = new double[k];
        for (int b = 0; b < k; b++) {
            double sum = 0;
            for (int i = 0; i < BATCH; i++) {
                sum += series[b * BATCH + i];
            }
            means[b] = sum / BATCH;
        }
        int best = 0;
        double bestScore = Double.POSITIVE_INFINITY;
        for (int d = 0; d * BATCH * 2 <= series.length && d < k; d++) {
            double mean = 0;
            for (int b = d; b < k; b++) {
                mean += means[b];
            }
            mean /= k - d;
            double squares = 0;
            for (int b = d; b < k; b++) {
                squares += (means[b] - mean) * (means[b] - mean);
            }
            double score = squares / ((double) (k - d) * (k - d));
            if (score < bestScore) {
                best = d;
                bestScore = score;
            }
        }
        return best * BATCH;
    }
}
