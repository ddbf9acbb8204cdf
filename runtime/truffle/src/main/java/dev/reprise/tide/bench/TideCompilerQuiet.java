package dev.reprise.tide.bench;

/**
 * When a JVM's warm-up ends: at the end of the first window of {@link #WINDOW} iterations in which
 * the compilers ({@link CompilerActivity}) worked for at most {@link #SHARE} of the window's wall
 * time. With the jar-based Graal compiler on two cores, the compilers keep working for a hundred
 * iterations or more after the times look flat, and longer in a recorded JVM (PromiseRace: about
 * 160 iterations untraced, 220 recorded); an iteration measured while they work measures them.
 * The iterations of the quiet window itself count as warm-up.
 */
final class TideCompilerQuiet {
    static final int WINDOW = 20;
    static final double SHARE = 0.05;

    private final long[] wall = new long[WINDOW];
    private final long[] compile = new long[WINDOW];
    private int seen;

    /** Adds an iteration's wall and compiler time; true once the last {@link #WINDOW} iterations were quiet. */
    boolean add(long wallNanos, long compileNanos) {
        wall[seen % WINDOW] = wallNanos;
        compile[seen % WINDOW] = compileNanos;
        seen++;
        if (seen < WINDOW) {
            return false;
        }
        long w = 0;
        long c = 0;
        for (int i = 0; i < WINDOW; i++) {
            w += wall[i];
            c += compile[i];
        }
        return c <= SHARE * w;
    }
}
