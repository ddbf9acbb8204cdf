package dev.reprise.tide.bench;

import dev.reprise.tide.launcher.Launcher;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;

/**
 * One benchmark JVM of {@code reprise bench truffle}: runs a Tide program N times in one context,
 * so later iterations run compiled code, and prints per iteration the line {@code bench savina}
 * reads from its JVMs: {@code iteration I warmup|measured NANOS ok cpu CPU_NANOS compile COMPILE_NANOS}
 * (wall and process CPU time of the program's run, and the compilers' work meanwhile:
 * {@link CompilerActivity}). Every iteration's output must be the program's check line
 * ({@code NAME ok}).
 *
 * <pre>
 * TideBenchMain --iterations N [--until-quiet M] [--record DIR | --replay DIR] [--compilation-log FILE] FILE [ARG...]
 * TideBenchMain --features
 * </pre>
 *
 * With {@code --record DIR}, the N runs are recorded into one trace in {@code DIR} (option
 * {@code tide.Record}), as a process records one trace however long it runs: the first run opens
 * it, closing the context after the last run ends it, and neither is in a later run's time.
 * With {@code --replay DIR}, the N runs replay that trace in turn ({@code tide.Replay}).
 * With {@code --until-quiet M}, iterations are warm-up until the compilers go quiet
 * ({@link TideCompilerQuiet}), and the JVM stops after M measured iterations, or at N in all (then
 * with fewer, or none: its reader finds the warm-up itself). Without it all N are measured.
 * {@code --compilation-log FILE} writes the engine's log with Graal's compilation trace
 * ({@code engine.TraceCompilation}: {@code opt done}, {@code opt failed}, {@code opt deopt}, ...) and
 * the stack of each transfer from compiled code to the interpreter
 * ({@code engine.TraceTransferToInterpreter}) to FILE.
 * {@code --features} prints {@code compiled yes|no} (whether the Graal compiler is in use) and
 * {@code record yes|no}, {@code replay yes|no}: whether this build of Tide has the options. Exit
 * status 1 when an iteration fails (its error goes to stderr).
 */
public final class TideBenchMain {
    private static final String LANGUAGE = "tide";
    private static final String RECORD = "tide.Record";
    private static final String REPLAY = "tide.Replay";

    private TideBenchMain() {}

    /** What one JVM does, from its arguments. */
    record Options(
            int iterations,
            int untilQuiet,
            String traceOption,
            Path trace,
            Path compilationLog,
            File program,
            String[] programArguments) {
        static Options parse(String[] args) {
            int i = 0;
            int iterations = 1;
            int untilQuiet = 0;
            String traceOption = null;
            Path trace = null;
            Path compilationLog = null;
            while (i < args.length && args[i].startsWith("--")) {
                String flag = args[i];
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(flag + " needs a value");
                }
                String value = args[i + 1];
                switch (flag) {
                    case "--iterations" -> iterations = positive(value, flag);
                    case "--until-quiet" -> untilQuiet = positive(value, flag);
                    case "--record" -> {
                        traceOption = RECORD;
                        trace = Path.of(value);
                    }
                    case "--replay" -> {
                        traceOption = REPLAY;
                        trace = Path.of(value);
                    }
                    case "--compilation-log" -> compilationLog = Path.of(value);
                    default ->
                        throw new IllegalArgumentException("unknown option " + flag
                                + "; valid: --iterations N, --until-quiet M, --record DIR, --replay DIR, --compilation-log FILE, "
                                + "--features");
                }
                i += 2;
            }
            if (i >= args.length) {
                throw new IllegalArgumentException("name the program: TideBenchMain --iterations N "
                        + "[--record DIR | --replay DIR] FILE [ARG...]");
            }
            return new Options(
                    iterations,
                    untilQuiet,
                    traceOption,
                    trace,
                    compilationLog,
                    new File(args[i]),
                    Arrays.copyOfRange(args, i + 1, args.length));
        }

        private static int positive(String value, String flag) {
            try {
                int n = Integer.parseInt(value);
                if (n >= 1) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(flag + " must be a positive integer, was " + value);
        }
    }

    /** Runs the iterations; see the class comment. */
    public static void main(String[] args) throws IOException {
        if (args.length == 1 && args[0].equals("--features")) {
            try (Engine engine = Engine.create(LANGUAGE)) {
                var options = engine.getLanguages().get(LANGUAGE).getOptions();
                // Without JVMCI and the Graal compiler, Truffle falls back to an engine that only interprets.
                System.out.println("compiled " + (engine.getImplementationName().equals("Interpreted") ? "no" : "yes"));
                System.out.println("record " + (options.get(RECORD) != null ? "yes" : "no"));
                System.out.println("replay " + (options.get(REPLAY) != null ? "yes" : "no"));
            }
            return;
        }
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
            return;
        }
        System.exit(run(options, System.out, System.err));
    }

    /** Runs every iteration; returns the exit status. */
    static int run(Options options, PrintStream out, PrintStream err) throws IOException {
        if (!options.program().isFile()) {
            err.println("error: no such program: " + options.program());
            return 1;
        }
        Source source = Source.newBuilder(LANGUAGE, options.program()).build();
        var cpu = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        try (OutputStream log =
                        options.compilationLog() == null ? null : Files.newOutputStream(options.compilationLog());
                Engine engine = engine(log)) {
            if (options.traceOption() != null
                    && engine.getLanguages().get(LANGUAGE).getOptions().get(options.traceOption()) == null) {
                err.println("error: this build of Tide has no option " + options.traceOption() + ": it cannot "
                        + (options.traceOption().equals(RECORD) ? "record" : "replay"));
                return 1;
            }
            Context.Builder builder = Context.newBuilder(LANGUAGE)
                    .engine(engine)
                    .allowCreateThread(true)
                    .arguments(LANGUAGE, options.programArguments());
            if (options.traceOption() != null) {
                builder.option(options.traceOption(), options.trace().toString());
            }
            ByteArrayOutputStream output = new ByteArrayOutputStream();
            builder.out(output);
            try (Context context = builder.build()) {
                CompilerActivity compilers = new CompilerActivity();
                TideCompilerQuiet quiet = new TideCompilerQuiet();
                boolean steady = false;
                int measured = 0;
                for (int i = 1; i <= options.iterations(); i++) {
                    output.reset();
                    long compileStart = compilers.nanos();
                    long cpuStart = cpu.getProcessCpuTime();
                    long start = System.nanoTime();
                    String failure = runOnce(context, source);
                    long nanos = System.nanoTime() - start;
                    long cpuNanos = cpu.getProcessCpuTime() - cpuStart;
                    long compileNanos = compilers.nanos() - compileStart;
                    String printed = output.toString(StandardCharsets.UTF_8);
                    if (failure == null && !isCheckLine(printed)) {
                        failure = "the program printed " + quoted(printed) + " instead of its check line (NAME ok)";
                    }
                    if (failure != null) {
                        out.println("iteration " + i + " measured " + nanos + " FAILED");
                        err.println("error: " + options.program().getName() + " iteration " + i + ": " + failure);
                        return 1;
                    }
                    // Without --until-quiet every iteration counts as measured, and the reader finds the warm-up.
                    boolean warmup = false;
                    if (options.untilQuiet() > 0 && !steady) {
                        steady = quiet.add(nanos, compileNanos); // the window that shows it quiet is still warm-up
                        warmup = true;
                    }
                    out.println("iteration " + i + (warmup ? " warmup " : " measured ") + nanos + " ok cpu " + cpuNanos
                            + " compile " + compileNanos);
                    out.flush();
                    if (!warmup && options.untilQuiet() > 0 && ++measured >= options.untilQuiet()) {
                        break;
                    }
                }
            }
        }
        return 0;
    }

    // The engine shared by the iterations; with a log stream, it traces Graal's compilations into it.
    private static Engine engine(OutputStream log) {
        Engine.Builder builder = Engine.newBuilder(LANGUAGE);
        if (log != null) {
            // TraceTransferToInterpreter is set once per JVM, by its first engine: this one.
            builder.allowExperimentalOptions(true)
                    .option("engine.TraceCompilation", "true")
                    .option("engine.TraceTransferToInterpreter", "true")
                    .logHandler(log);
        }
        return builder.build();
    }

    private static String runOnce(Context context, Source source) {
        try {
            context.eval(source);
            return null;
        } catch (PolyglotException e) {
            if (e.isInternalError()) {
                throw e;
            }
            return Launcher.describe(e);
        }
    }

    private static boolean isCheckLine(String printed) {
        return printed.endsWith(" ok\n") && printed.indexOf('\n') == printed.length() - 1;
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\n", "\\n") + "\"";
    }
}
