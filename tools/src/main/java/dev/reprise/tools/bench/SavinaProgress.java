package dev.reprise.tools.bench;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress lines of {@code bench savina}: which block just finished and an estimate of the time left.
 * The first blocks of a benchmark, which also run the peers or the replay, take several times as long
 * as the rest, so each kind of block is estimated from the blocks of its own kind.
 */
final class SavinaProgress {
    private final PrintWriter console;
    private final int configs;
    private final int pairs;
    private final int withPeers;
    private final int replayed;
    /** Per kind of block ({@link #kind}): how many are done and the seconds they took. */
    private final int[] doneOfKind = new int[4];

    private final double[] secondsOfKind = new double[4];
    private long last = System.nanoTime();
    private int done;

    /**
     * Progress over {@code configs} benchmark and dispatcher pairs of {@code pairs} blocks each, the first
     * {@code withPeers} blocks of each running the peers and the first {@code replayed} replaying.
     */
    SavinaProgress(PrintWriter console, int configs, int pairs, int withPeers, int replayed) {
        this.console = console;
        this.configs = configs;
        this.pairs = pairs;
        this.withPeers = withPeers;
        this.replayed = replayed;
    }

    /** Block {@code pair} of {@code pairs} of {@code bench} under {@code dispatcher} is done; {@code replay} says how its replay went. */
    void blockDone(String bench, String dispatcher, int pair, double ratio, String replay) {
        long now = System.nanoTime();
        took(pair, (now - last) / 1e9);
        last = now;
        console.printf(
                Locale.ROOT,
                "  [%d/%d] %s %s pair %d/%d: record/base %.3f, %s; about %s left%n",
                done,
                configs * pairs,
                bench,
                dispatcher,
                pair,
                pairs,
                ratio,
                replay,
                duration(secondsLeft()));
        console.flush();
    }

    /** A line about the run between progress lines (a peer left out, say). */
    void note(String line) {
        console.println("  " + line);
        console.flush();
    }

    /** Block {@code pair} (from 1) of the next benchmark in turn took {@code seconds}. */
    void took(int pair, double seconds) {
        int kind = kind(pair - 1);
        doneOfKind[kind]++;
        secondsOfKind[kind] += seconds;
        done++;
    }

    /** The seconds the blocks not yet done should take, each by the mean of the done blocks of its kind (or of all). */
    double secondsLeft() {
        double all = 0;
        for (double s : secondsOfKind) {
            all += s;
        }
        double left = 0;
        for (int i = done; i < configs * pairs; i++) {
            int kind = kind(i % pairs);
            left += doneOfKind[kind] > 0 ? secondsOfKind[kind] / doneOfKind[kind] : all / done;
        }
        return left;
    }

    /** Block {@code k} (from 0) of a benchmark: whether it runs the peers (1) and the replay (2). */
    private int kind(int k) {
        return (k < withPeers ? 1 : 0) + (k < replayed ? 2 : 0);
    }

    static String duration(double seconds) {
        long s = Math.round(seconds);
        return s >= 60 ? String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60) : s + " s";
    }
}
