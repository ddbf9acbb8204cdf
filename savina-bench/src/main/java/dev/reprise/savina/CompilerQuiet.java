package dev.reprise.savina;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * When a JVM's warm-up ends: at the end of the first window of {@link #WINDOW} iterations in which
 * HotSpot's compilers worked for at most {@link #SHARE} of the window's wall time. Pinned to one
 * core, a compiler that still works takes its time from the benchmark, and a recorded JVM has more
 * to compile (the agent's advice in Akka's hot methods): PingPong's JVMs went quiet after 92 and
 * 136 iterations without the agent and about 178 recorded, where 40 had been taken as enough. The
 * quiet window counts as warm-up.
 * (Tide's bench, {@code dev.reprise.tide.bench.TideCompilerQuiet}, applies the same rule to the
 * compilers of a Truffle engine.)
 */
final class CompilerQuiet {
    static final int WINDOW = 20;
    static final double SHARE = 0.05;

    private static final CompilationMXBean COMPILERS = ManagementFactory.getCompilationMXBean();

    private final long[] wall = new long[WINDOW];
    private final long[] compile = new long[WINDOW];
    private int seen;

    /** HotSpot's compilation time so far, in nanoseconds (0 where the JVM cannot tell). */
    static long compilerNanos() {
        return COMPILERS != null && COMPILERS.isCompilationTimeMonitoringSupported()
                ? COMPILERS.getTotalCompilationTime() * 1_000_000
                : 0;
    }

    /** Adds an iteration's wall and compiler time; true once the last {@link #WINDOW} were quiet. */
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
