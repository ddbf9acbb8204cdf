package dev.reprise.tide.launcher;

import dev.reprise.tide.language.TideError;
import dev.reprise.tide.trace.TideDivergence;
import java.io.File;
import java.io.IOException;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.SourceSection;

/**
 * Runs a Tide program: {@code Launcher [--record DIR | --replay DIR [--allow-changed-program]] FILE
 * [ARG...] [-- ARG...]}; the program reads the ARGs with {@code args()}. The options may come after
 * FILE too; every word after {@code --} is the program's ({@link CommandLine}). The program's output
 * goes to standard output; a program error goes to standard error with exit status 1, a replay
 * that diverged with {@value #DIVERGED}, one that reached the end of a recording cut short with
 * {@value #RECORDING_ENDED}, a wrong command line with 2.
 */
public final class Launcher {
    private static final String LANGUAGE = "tide";
    /** The exit status of a replay that diverged from its trace. */
    public static final int DIVERGED = TideDivergence.EXIT_STATUS;
    /** The exit status of a replay that reached the end of a recording cut short (its JVM was killed). */
    public static final int RECORDING_ENDED = TideDivergence.CUT_EXIT_STATUS;

    private Launcher() {}

    /** Runs the program file with its arguments, as the command line says. */
    public static void main(String[] args) throws IOException {
        CommandLine line;
        try {
            line = CommandLine.parse(args);
        } catch (CommandLine.Invalid e) {
            System.err.println("error: " + e.getMessage());
            System.err.println(CommandLine.USAGE);
            System.exit(2);
            return;
        }
        File program = new File(line.file());
        if (!program.isFile()) {
            System.err.println("error: no such program file: " + line.file());
            System.exit(2);
        }
        Source source = Source.newBuilder(LANGUAGE, program).build();
        // Actors run on worker threads the language creates.
        Context.Builder builder = Context.newBuilder(LANGUAGE)
                .allowCreateThread(true)
                .arguments(LANGUAGE, line.programArguments().toArray(String[]::new));
        if (!line.record().isEmpty()) {
            builder.option("tide.Record", line.record());
        }
        if (!line.replay().isEmpty()) {
            builder.option("tide.Replay", line.replay());
        }
        if (line.replayChangedProgram()) {
            builder.option("tide.ReplayChangedProgram", "true");
        }
        try (Context context = builder.build()) {
            context.eval(source);
        } catch (PolyglotException e) {
            if (e.isInternalError()) {
                throw e;
            }
            String message = e.getMessage() == null ? "" : e.getMessage();
            if (message.startsWith(TideDivergence.HEADER)) {
                System.err.println(message);
                System.exit(DIVERGED);
            }
            if (message.startsWith(TideDivergence.CUT_HEADER)) {
                System.err.println(message);
                System.exit(RECORDING_ENDED);
            }
            System.err.println("error: " + describe(e));
            System.exit(TideError.EXIT_STATUS);
        }
    }

    /** A program error as the launcher prints it: {@code file:line:column: message} when located. */
    public static String describe(PolyglotException error) {
        SourceSection at = error.getSourceLocation();
        if (at == null) {
            return error.getMessage();
        }
        return at.getSource().getName() + ":" + at.getStartLine() + ":" + at.getStartColumn() + ": "
                + error.getMessage();
    }
}
