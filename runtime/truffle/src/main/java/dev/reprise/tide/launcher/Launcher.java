package dev.reprise.tide.launcher;

import dev.reprise.tide.trace.TideDivergence;
import java.io.File;
import java.io.IOException;
import java.util.Arrays;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.SourceSection;

/**
 * Runs a Tide program: {@code Launcher [--record DIR | --replay DIR] FILE [ARG...]}; the program
 * reads the ARGs with {@code args()}. The program's output goes to standard output; a program
 * error goes to standard error with exit status 1, a replay that diverged with {@value #DIVERGED},
 * one that reached the end of a recording cut short with {@value #RECORDING_ENDED}, a wrong
 * command line with 2.
 */
public final class Launcher {
    private static final String LANGUAGE = "tide";
    private static final String USAGE = "usage: Launcher [--record DIR | --replay DIR] FILE.tide [ARG...]";
    /** The exit status of a replay that diverged from its trace. */
    public static final int DIVERGED = TideDivergence.EXIT_STATUS;
    /** The exit status of a replay that reached the end of a recording cut short (its JVM was killed). */
    public static final int RECORDING_ENDED = TideDivergence.CUT_EXIT_STATUS;

    private Launcher() {}

    /** Runs the file named by the first argument after the flags, with the words after it as its args(). */
    public static void main(String[] args) throws IOException {
        String record = "";
        String replay = "";
        String file = null;
        int i = 0;
        for (; i < args.length && file == null; i++) {
            switch (args[i]) {
                case "--record" -> record = value(args, ++i, "--record");
                case "--replay" -> replay = value(args, ++i, "--replay");
                default -> {
                    if (args[i].startsWith("-")) {
                        usage("unexpected argument " + args[i]);
                    }
                    file = args[i];
                }
            }
        }
        String[] programArguments = Arrays.copyOfRange(args, i, args.length);
        if (file == null) {
            usage("no program file given");
        }
        if (!record.isEmpty() && !replay.isEmpty()) {
            usage("--record and --replay exclude each other");
        }
        File program = new File(file);
        if (!program.isFile()) {
            System.err.println("error: no such program file: " + file);
            System.exit(2);
        }
        Source source = Source.newBuilder(LANGUAGE, program).build();
        // Actors run on worker threads the language creates.
        Context.Builder builder =
                Context.newBuilder(LANGUAGE).allowCreateThread(true).arguments(LANGUAGE, programArguments);
        if (!record.isEmpty()) {
            builder.option("tide.Record", record);
        }
        if (!replay.isEmpty()) {
            builder.option("tide.Replay", replay);
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
            System.exit(1);
        }
    }

    private static String value(String[] args, int at, String flag) {
        if (at >= args.length || args[at].isEmpty()) {
            usage(flag + " needs a trace directory");
        }
        return args[at];
    }

    private static void usage(String problem) {
        System.err.println("error: " + problem);
        System.err.println(USAGE);
        System.exit(2);
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
