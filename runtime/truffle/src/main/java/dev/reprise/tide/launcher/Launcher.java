package dev.reprise.tide.launcher;

import java.io.File;
import java.io.IOException;
import java.util.Arrays;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.SourceSection;

/**
 * Runs a Tide program: {@code Launcher FILE [ARG...]}; the program reads the ARGs with
 * {@code args()}. The program's output goes to standard output, its errors to standard error
 * with exit status 1.
 */
public final class Launcher {
    private static final String LANGUAGE = "tide";

    private Launcher() {
    }

    /** Runs the file named by the first argument with the other arguments as its args(). */
    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: Launcher FILE.tide [ARG...]");
            System.exit(2);
        }
        Source source = Source.newBuilder(LANGUAGE, new File(args[0])).build();
        // Actors run on worker threads the language creates.
        try (Context context = Context.newBuilder(LANGUAGE).allowCreateThread(true)
                .arguments(LANGUAGE, Arrays.copyOfRange(args, 1, args.length)).build()) {
            context.eval(source);
        } catch (PolyglotException e) {
            if (e.isInternalError()) {
                throw e;
            }
            System.err.println("error: " + describe(e));
            System.exit(1);
        }
    }

    /** A program error as the launcher prints it: {@code file:line:column: message} when located. */
    public static String describe(PolyglotException error) {
        SourceSection at = error.getSourceLocation();
        if (at == null) {
            return error.getMessage();
        }
        return at.getSource().getName() + ":" + at.getStartLine() + ":" + at.getStartColumn() + ": " + error.getMessage();
    }
}
