package dev.reprise.tools.bench;

import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * How the bench commands that compare configurations in turn ({@code bench agent}, {@code fingerprints},
 * {@code sync}) run their Savina JVMs, the way {@code bench savina} does. A full run warms each JVM up
 * until its compilers are quiet, then measures {@value #MEASURED} iterations ({@value #MAX_ITERATIONS}
 * at most in all, unless still warming up within {@value SavinaRun#MIN_WARMUP_SECONDS} s): a fixed warm-up counted the agent's extra JIT work as its overhead (savina-bench's
 * README, "Recording cost"). A quick run checks the harness: {@value #QUICK_ITERATIONS} iterations of
 * the small parameters on C1, the warm-up found by MSER. The one-thread dispatcher runs pinned to one
 * core where {@code taskset} works.
 */
final class SavinaJvms {
    /** Iterations measured once a JVM's compilers are quiet. */
    static final int MEASURED = 20;
    /** Iterations a full-run JVM runs at most, warm-up included. */
    static final int MAX_ITERATIONS = 200;
    /** Iterations a quick-run JVM runs. */
    static final int QUICK_ITERATIONS = 8;

    private final SavinaRun.Setup setup;
    private final boolean quick;
    private final String dispatcher;
    private final List<String> pin;

    /** JVMs for {@code dispatcher} ({@code single} or {@code default}), full or {@code quick}. */
    SavinaJvms(SavinaRun.Setup setup, boolean quick, String dispatcher) {
        this.setup = setup;
        this.quick = quick;
        this.dispatcher = dispatcher;
        this.pin = dispatcher.equals("single") ? CorePin.command() : List.of();
    }

    /**
     * Runs {@code bench} in its own JVM, recorded with {@code agentArgument}, or without the agent when it is null.
     *
     * @throws IOException naming the benchmark and what went wrong (its failed check, a crash)
     */
    SavinaRun run(String bench, String agentArgument) throws IOException, InterruptedException {
        // Quick runs are smoke tests: C1 alone starts the short JVMs about twice as fast.
        List<String> jvm = quick ? List.of("-XX:TieredStopAtLevel=1") : List.of();
        return SavinaRun.run(
                setup,
                new SavinaRun.Launch(pin, jvm, quick ? 0 : MEASURED),
                bench,
                agentArgument,
                dispatcher,
                0,
                quick ? QUICK_ITERATIONS : MAX_ITERATIONS,
                quick);
    }

    /** {@code measured}'s steady-state median iteration over {@code reference}'s, each with its warm-up cut. */
    static double ratio(SavinaRun measured, SavinaRun reference) {
        return SavinaRow.steadyRatio(measured, reference);
    }

    /** The report's sentence on how each JVM ran and what its time is. */
    String method() {
        String pinned = pin.isEmpty() ? "" : ", pinned to one core";
        if (quick) {
            return String.format(
                    Locale.ROOT,
                    "quick parameters on C1%s, %d iterations per JVM, the warm-up found by "
                            + "MSER; time is the median of the rest (a harness check, not a measurement)",
                    pinned,
                    QUICK_ITERATIONS);
        }
        return String.format(
                Locale.ROOT,
                "paper parameters%s; each JVM warms up until its compilers are quiet (at most "
                        + "5%% of 20 iterations' time), then measures %d iterations (%d at most in all, unless still warming "
                        + "up in its first %d s); time is the median of those",
                pinned,
                MEASURED,
                MAX_ITERATIONS,
                SavinaRun.MIN_WARMUP_SECONDS);
    }
}
