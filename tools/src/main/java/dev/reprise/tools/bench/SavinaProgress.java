package dev.reprise.tools.bench;

import java.io.PrintWriter;
import java.util.Locale;

/** Progress lines of {@code bench savina}: which block just finished and an estimate of the time left. */
final class SavinaProgress {
    private final PrintWriter console;
    private final int total;
    private final long start = System.nanoTime();
    private int done;

    SavinaProgress(PrintWriter console, int totalBlocks) {
        this.console = console;
        this.total = totalBlocks;
    }

    /** Block {@code pair} of {@code pairs} of {@code bench} under {@code dispatcher} is done; {@code replayed} says how its replay went. */
    void blockDone(String bench, String dispatcher, int pair, int pairs, double ratio, String replayed) {
        done++;
        double perBlock = (System.nanoTime() - start) / 1e9 / done;
        console.printf(Locale.ROOT, "  [%d/%d] %s %s pair %d/%d: record/base %.3f, %s; about %s left%n", done,
                total, bench, dispatcher, pair, pairs, ratio, replayed, duration(perBlock * (total - done)));
        console.flush();
    }

    static String duration(double seconds) {
        long s = Math.round(seconds);
        return s >= 60 ? String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60) : s + " s";
    }
}
