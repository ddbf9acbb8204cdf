package dev.reprise.tide.language;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.TruffleLanguage;
import com.oracle.truffle.api.TruffleLanguage.ContextReference;
import com.oracle.truffle.api.nodes.Node;
import dev.reprise.tide.trace.TraceMode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Per-context state shared by all actors: the outside world (output, input, clock, randomness).
 * Every access goes through one synchronized method, as these are the program's system calls
 * (which a recorded or replayed run reaches through its {@code TraceMode}).
 *
 * <p>A context has one {@link TraceMode}, chosen at its first run of a program and closed with the
 * context: a context that records writes one trace, however many times it runs its program (as a
 * process records one trace), and a context that replays replays those runs in turn.
 */
public final class TideContext {
    private static final ContextReference<TideContext> REFERENCE = ContextReference.create(TideLanguage.class);

    private final TruffleLanguage.Env env;
    private final PrintWriter out;
    private final PrintWriter err;
    private final BufferedReader in;
    private final Random random = new Random();
    private final String recordOption;
    private final String replayOption;
    private final boolean replayChangedProgram;
    private long printed; // guarded by this
    private TraceMode mode; // guarded by this; chosen at the first run
    private String modeProgram; // guarded by this: the program mode was chosen for

    TideContext(TruffleLanguage.Env env, String recordOption, String replayOption, boolean replayChangedProgram) {
        this.env = env;
        this.recordOption = recordOption;
        this.replayOption = replayOption;
        this.replayChangedProgram = replayChangedProgram;
        this.out = new PrintWriter(new OutputStreamWriter(env.out(), StandardCharsets.UTF_8), true);
        this.err = new PrintWriter(new OutputStreamWriter(env.err(), StandardCharsets.UTF_8), true);
        this.in = new BufferedReader(new InputStreamReader(env.in(), StandardCharsets.UTF_8));
    }

    /** The context of the node's engine on the current thread. */
    public static TideContext get(Node node) {
        return REFERENCE.get(node);
    }

    /** The {@code tide.Record} option: a trace directory, or empty. */
    public String recordOption() {
        return recordOption;
    }

    /** The {@code tide.Replay} option: a trace directory, or empty. */
    public String replayOption() {
        return replayOption;
    }

    /** The {@code tide.ReplayChangedProgram} option: replay even a program whose source text changed since the recording. */
    public boolean replayChangedProgram() {
        return replayChangedProgram;
    }

    /**
     * The trace mode of a run of {@code program}: at the context's first run, the one {@code choose}
     * gives; later, the same one. A context that records or replays runs one program only, as its
     * trace is of that program.
     */
    @TruffleBoundary
    public synchronized TraceMode traceMode(String program, Supplier<TraceMode> choose) {
        if (mode == null) {
            mode = choose.get();
            modeProgram = program;
        } else if (!modeProgram.equals(program) && !(recordOption.isEmpty() && replayOption.isEmpty())) {
            throw new TideError("this context " + (recordOption.isEmpty() ? "replays" : "records") + " runs of "
                    + modeProgram + " into one trace; it cannot also run " + program);
        }
        return mode;
    }

    /** The context is closed: a recording ends its trace (a clean end), a replay closes its files. */
    synchronized void closeTrace() {
        if (mode != null) {
            mode.close();
        }
    }

    /** The Truffle environment, for creating worker threads. */
    public TruffleLanguage.Env env() {
        return env;
    }

    /** Prints one line to the program's standard output; returns its number there (1, 2, ...). */
    @TruffleBoundary
    public synchronized long println(String line) {
        out.println(line);
        return ++printed;
    }

    /** Prints one line of Tide's own (a warning) to the context's error output, not the program's output. */
    @TruffleBoundary
    public synchronized void warn(String line) {
        err.println(line);
    }

    /** Reads one line of standard input, or returns null at its end. */
    @TruffleBoundary
    public synchronized String readLine() {
        try {
            return in.readLine();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A uniformly distributed number in [0, bound). */
    @TruffleBoundary
    public synchronized long nextRandom(long bound) {
        return random.nextLong(bound);
    }
}
