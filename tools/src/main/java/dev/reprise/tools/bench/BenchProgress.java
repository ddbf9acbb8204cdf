package dev.reprise.tools.bench;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress lines of a multi-JVM bench: which step runs now and an estimate of the time left,
 * from the planned seconds of the steps still to come scaled by how long the finished ones took
 * against their plan (JVM starts, data loading and stopping are not in the plan).
 */
final class BenchProgress {
    private final PrintWriter out;
    private final long start = System.nanoTime();
    private final double plannedTotal;
    private double plannedDone;
    private double elapsedAtDone;

    /**
     * @param plannedTotal the planned seconds of all steps, a first estimate of the whole run
     */
    BenchProgress(PrintWriter out, double plannedTotal) {
        this.out = out;
        this.plannedTotal = plannedTotal;
    }

    /** Prints what starts now, with the estimated time left. */
    void step(String what) {
        double elapsed = elapsedSeconds();
        double scale = plannedDone > 0 ? elapsedAtDone / plannedDone : 1;
        long left = Math.round(Math.max(0, (plannedTotal - plannedDone) * scale - (elapsed - elapsedAtDone)));
        out.printf(Locale.ROOT, "[%s, about %d:%02d left] %s%n", clock(elapsed), left / 60, left % 60, what);
        out.flush();
    }

    /** Prints a result as it comes. */
    void note(String line) {
        out.printf(Locale.ROOT, "[%s] %s%n", clock(elapsedSeconds()), line);
        out.flush();
    }

    /** Marks {@code plannedSeconds} of the plan as done. */
    void done(double plannedSeconds) {
        plannedDone += plannedSeconds;
        elapsedAtDone = elapsedSeconds();
    }

    double elapsedSeconds() {
        return (System.nanoTime() - start) / 1e9;
    }

    private static String clock(double seconds) {
        long s = Math.round(seconds);
        return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
