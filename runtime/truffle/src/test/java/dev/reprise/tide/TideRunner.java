package dev.reprise.tide;

import dev.reprise.tide.launcher.Launcher;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;

/** Runs a Tide file as the tests see it: its output, then the launcher's "error: ..." line if it failed. */
final class TideRunner {
    private TideRunner() {}

    /** Runs file on engine with the given standard input; returns what it printed. */
    static String run(Engine engine, Path file, InputStream input) throws IOException {
        return run(engine, file, input, Map.of());
    }

    /**
     * Runs file on engine with the given standard input and context options (tide.Record, tide.Replay),
     * and the words of NAME.args, if it exists, as the program's arguments.
     */
    static String run(Engine engine, Path file, InputStream input, Map<String, String> options) throws IOException {
        Path argsFile = Path.of(file.toString().replaceFirst("\\.tide$", ".args"));
        String[] args =
                Files.exists(argsFile) ? Files.readString(argsFile).trim().split("\\s+") : new String[0];
        return run(engine, file, input, options, args);
    }

    /** Runs file on engine with the given standard input, context options and program arguments. */
    static String run(Engine engine, Path file, InputStream input, Map<String, String> options, String... args)
            throws IOException {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        Source source = Source.newBuilder("tide", file.toFile()).build();
        try (Context context = Context.newBuilder("tide")
                .engine(engine)
                .allowCreateThread(true)
                .options(options)
                .arguments("tide", args)
                .in(input)
                .out(output)
                .err(output)
                .build()) {
            context.eval(source);
        } catch (PolyglotException e) {
            if (!e.isGuestException()) {
                throw e;
            }
            output.writeBytes(("error: " + Launcher.describe(e) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return output.toString(StandardCharsets.UTF_8);
    }

    /** Runs file with NAME.input as standard input if it exists, else an empty one. */
    static String run(Engine engine, Path file) throws IOException {
        return run(engine, file, Map.of());
    }

    /** Runs file with NAME.input as standard input if it exists, else an empty one, and the context options. */
    static String run(Engine engine, Path file, Map<String, String> options) throws IOException {
        Path inputFile = Path.of(file.toString().replaceFirst("\\.tide$", ".input"));
        InputStream input =
                Files.exists(inputFile) ? Files.newInputStream(inputFile) : new ByteArrayInputStream(new byte[0]);
        try (input) {
            return run(engine, file, input, options);
        }
    }

    /** Records a run of file (with NAME.input as standard input) into the new trace directory trace. */
    static String record(Engine engine, Path file, Path trace) throws IOException {
        return run(engine, file, Map.of("tide.Record", trace.toString()));
    }

    /** Replays trace with file, with an empty standard input: what the program reads must come from the trace. */
    static String replay(Engine engine, Path file, Path trace) throws IOException {
        return run(engine, file, new ByteArrayInputStream(new byte[0]), Map.of("tide.Replay", trace.toString()));
    }

    /**
     * Replays trace with file, a changed copy of the recorded program ({@code tide.ReplayChangedProgram}):
     * to see where it goes another way.
     */
    static String replayChanged(Engine engine, Path file, Path trace) throws IOException {
        return run(
                engine,
                file,
                new ByteArrayInputStream(new byte[0]),
                Map.of("tide.Replay", trace.toString(), "tide.ReplayChangedProgram", "true"));
    }
}
