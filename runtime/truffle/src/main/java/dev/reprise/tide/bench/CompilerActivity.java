package dev.reprise.tide.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;

/**
 * How much the JVM's compilers have worked so far: HotSpot's compilation time (C1 and C2, which on
 * a stock JDK also compile the jar-based Graal compiler itself) plus the CPU time of Truffle's
 * compiler threads (Graal compiling Tide). On two cores a compiler that still works takes CPU
 * from the program, and a recorded JVM has more to compile, so an iteration measured while it
 * works is warm-up, whatever its time says.
 */
final class CompilerActivity {
    private static final String TRUFFLE_COMPILER_THREAD = "TruffleCompilerThread";

    private final CompilationMXBean hotspot = ManagementFactory.getCompilationMXBean();
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

    /** The compilers' work so far, in nanoseconds (0 where the JVM cannot tell). */
    long nanos() {
        long total = hotspot != null && hotspot.isCompilationTimeMonitoringSupported()
                ? hotspot.getTotalCompilationTime() * 1_000_000
                : 0;
        for (ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (t != null && t.getThreadName().startsWith(TRUFFLE_COMPILER_THREAD)) {
                long cpu = threads.getThreadCpuTime(t.getThreadId());
                total += Math.max(0, cpu);
            }
        }
        return total;
    }
}
