package dev.reprise.savina;

import akka.actor.ActorSystem;
import com.sun.management.OperatingSystemMXBean;
import dev.reprise.savina.peer.Peers;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Command line: runs one Savina benchmark in one ActorSystem and prints one line per iteration.
 *
 * <pre>
 * java -cp ... dev.reprise.savina.SavinaMain --bench NAME [--iterations N] [--warmup W]
 *     [--until-quiet M [--min-warmup SECONDS]] [--quick] [--dispatcher single|default] [--timeout SECONDS]
 * </pre>
 *
 * <p>Output (stdout), stable for scripts:
 *
 * <pre>
 * # savina benchmark NAME params paper|quick PARAMS dispatcher D warmup W iterations N
 * # savina benchmark NAME params paper|quick PARAMS dispatcher D iterations N until-quiet M
 * iteration I warmup|measured NANOS ok cpu CPU_NANOS [compile COMPILE_NANOS]
 * summary NAME measured N median NANOS min NANOS max NANOS
 * peer NAME messages M bytes B unserializable U     (only with -Dsavina.peer=NAME)
 * </pre>
 *
 * <p>{@code CPU_NANOS} is the process CPU time (all threads: actors, GC, JIT, a recorder's writer)
 * the iteration took. With {@code --until-quiet M} the iterations are warm-up until HotSpot's
 * compilers are quiet ({@link CompilerQuiet}), then M are measured and the JVM stops; one whose
 * compilers are not quiet by N iterations stops there, or with {@code --min-warmup SECONDS} once
 * its iterations also took that long (short iterations on one core: the JIT's work takes
 * seconds, not a count of iterations). Each line then adds the compilers' time during the
 * iteration ({@code COMPILE_NANOS}). With {@code -Dsavina.peer=content|jfr|log} every message a benchmark actor
 * processes also goes to that peer recorder (see {@link dev.reprise.savina.peer.Peers}).
 *
 * Exit status: 0 when every iteration passed its check; 1 when a check failed, an actor failed
 * or an iteration timed out (the message goes to stderr, the iteration line ends in
 * {@code FAILED}); 2 on a usage error.
 */
public final class SavinaMain {
    /** Exit status: all iterations passed. */
    public static final int OK = 0;
    /** Exit status: a check failed, an actor failed, or an iteration timed out. */
    public static final int FAILED = 1;
    /** Exit status: bad command line. */
    public static final int USAGE = 2;

    static final String USAGE_TEXT = """
      Usage: SavinaMain --bench NAME [options]
        --bench NAME          benchmark to run (case-insensitive), one of:
                              %s
        --iterations N        measured iterations (default 10)
        --warmup W            warm-up iterations before them (default 2)
        --until-quiet M       instead of --warmup: warm up until the compilers are quiet,
                              then measure M iterations; --iterations N caps the total
        --min-warmup SECONDS  with --until-quiet: the cap does not stop a JVM still warming
                              up before its iterations took this long (default 0); once
                              quiet, it measures its M iterations
        --quick               small parameters instead of the paper's (SOMns savina-jit)
        --dispatcher D        single: default dispatcher with exactly one thread;
                              default: Akka's default dispatcher (default: default)
        --timeout SECONDS     time an iteration may take (default 300)
        --help                this text
      Prints 'iteration <i> <warmup|measured> <nanos> ok cpu <cpu nanos>' per iteration and a
      summary line.
      """;

    /** Process CPU time: all threads of this JVM, so a recorder's writer thread and GC count. */
    private static final OperatingSystemMXBean CPU =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private SavinaMain() {}

    /** Entry point; exits the JVM with the status of {@link #run}. */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Parsed command line. */
    record Options(
            SavinaBenchmark<?, ?> benchmark,
            int iterations,
            int warmup,
            boolean quick,
            SavinaConfig.Dispatcher dispatcher,
            Duration timeout,
            int untilQuiet,
            Duration minWarmup) {}

    /** Runs the command line; returns the exit status instead of exiting. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Options options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println(usage());
            return USAGE;
        }
        if (options == null) {
            out.println(usage());
            return OK;
        }
        return execute(options, out, err);
    }

    static String usage() {
        return USAGE_TEXT.formatted(String.join(", ", Benchmarks.names())).stripTrailing();
    }

    /** Parses the arguments; returns null for {@code --help}. */
    static Options parse(String[] args) {
        String bench = null;
        int iterations = 10;
        int warmup = 2;
        boolean quick = false;
        SavinaConfig.Dispatcher dispatcher = SavinaConfig.Dispatcher.DEFAULT;
        long timeoutSeconds = 300;
        int untilQuiet = 0;
        int minWarmupSeconds = 0;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--help", "-h" -> {
                    return null;
                }
                case "--bench" -> bench = value(args, ++i, a);
                case "--iterations" -> iterations = intValue(args, ++i, a, 1);
                case "--warmup" -> warmup = intValue(args, ++i, a, 0);
                case "--quick" -> quick = true;
                case "--dispatcher" -> dispatcher = SavinaConfig.Dispatcher.parse(value(args, ++i, a));
                case "--timeout" -> timeoutSeconds = intValue(args, ++i, a, 1);
                case "--until-quiet" -> untilQuiet = intValue(args, ++i, a, 1);
                case "--min-warmup" -> minWarmupSeconds = intValue(args, ++i, a, 0);
                default -> throw new IllegalArgumentException("unknown argument '" + a + "'");
            }
        }
        if (bench == null) {
            throw new IllegalArgumentException("--bench NAME is required");
        }
        if (minWarmupSeconds > 0 && untilQuiet == 0) {
            throw new IllegalArgumentException("--min-warmup needs --until-quiet");
        }
        return new Options(
                Benchmarks.byName(bench),
                iterations,
                warmup,
                quick,
                dispatcher,
                Duration.ofSeconds(timeoutSeconds),
                untilQuiet,
                Duration.ofSeconds(minWarmupSeconds));
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static int intValue(String[] args, int i, String option, int min) {
        String v = value(args, i, option);
        int n;
        try {
            n = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs an integer, got '" + v + "'");
        }
        if (n < min) {
            throw new IllegalArgumentException(option + " must be at least " + min + ", got " + n);
        }
        return n;
    }

    private static int execute(Options o, PrintStream out, PrintStream err) {
        ActorSystem system = ActorSystem.create("savina", Peers.configure(SavinaConfig.forDispatcher(o.dispatcher())));
        int status;
        try {
            Peers.start(system);
            status = runAll(o.benchmark(), system, o, out, err);
        } finally {
            system.terminate();
            try {
                system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                err.println("warning: actor system did not terminate cleanly: " + e);
            }
        }
        String peer = Peers.stop();
        if (peer != null) {
            out.println(peer);
        }
        return status;
    }

    private static <P, R> int runAll(
            SavinaBenchmark<P, R> b, ActorSystem system, Options o, PrintStream out, PrintStream err) {
        P params = o.quick() ? b.quick() : b.paper();
        out.println("# savina benchmark " + b.name() + " params " + (o.quick() ? "quick" : "paper") + " "
                + params + " dispatcher " + o.dispatcher().cliName()
                + (o.untilQuiet() > 0 ? "" : " warmup " + o.warmup())
                + " iterations " + o.iterations()
                + (o.untilQuiet() > 0 ? " until-quiet " + o.untilQuiet() : "")
                + (o.minWarmup().isZero() ? "" : " min-warmup " + o.minWarmup().toSeconds()));
        List<Long> measured = new ArrayList<>();
        boolean byCompilers = o.untilQuiet() > 0;
        CompilerQuiet quiet = new CompilerQuiet();
        boolean steady = false;
        int total = byCompilers ? o.iterations() : o.warmup() + o.iterations();
        long warmUntil = System.nanoTime() + o.minWarmup().toNanos();
        // Past the cap, a JVM still warming up goes on until min-warmup; one that went quiet measures its M.
        for (int i = 1; i <= total || (byCompilers && (steady || System.nanoTime() - warmUntil < 0)); i++) {
            String kind = (byCompilers ? !steady : i <= o.warmup()) ? "warmup" : "measured";
            long cpuStart = CPU.getProcessCpuTime();
            long compileStart = CompilerQuiet.compilerNanos();
            long start = System.nanoTime();
            try {
                b.runIteration(system, params, o.timeout());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                out.println("iteration " + i + " " + kind + " " + (System.nanoTime() - start) + " FAILED");
                err.println("error: " + b.name() + ": interrupted");
                return FAILED;
            } catch (CheckFailedException | IterationFailedException e) {
                out.println("iteration " + i + " " + kind + " " + (System.nanoTime() - start) + " FAILED");
                err.println("error: " + e.getMessage());
                return FAILED;
            }
            long nanos = System.nanoTime() - start;
            long cpu = CPU.getProcessCpuTime() - cpuStart;
            long compile = CompilerQuiet.compilerNanos() - compileStart;
            out.println("iteration " + i + " " + kind + " " + nanos + " ok cpu " + cpu
                    + (byCompilers ? " compile " + compile : ""));
            out.flush();
            if (kind.equals("measured")) {
                measured.add(nanos);
            }
            if (byCompilers && !steady) {
                steady = quiet.add(nanos, compile); // the window that shows it quiet is still warm-up
            } else if (byCompilers && measured.size() >= o.untilQuiet()) {
                break;
            }
        }
        if (measured.isEmpty()) {
            out.println("summary " + b.name() + " measured 0: the compilers were never quiet in " + total
                    + " iterations"
                    + (o.minWarmup().isZero() ? "" : " or " + o.minWarmup().toSeconds() + " s"));
            return OK;
        }
        long[] sorted = measured.stream().mapToLong(Long::longValue).sorted().toArray();
        out.println("summary " + b.name() + " measured " + sorted.length + " median " + median(sorted) + " min "
                + sorted[0] + " max " + sorted[sorted.length - 1]);
        return OK;
    }

    /** The median of sorted values (mean of the two middle ones for an even count). */
    static long median(long[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
