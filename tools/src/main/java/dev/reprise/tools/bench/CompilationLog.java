package dev.reprise.tools.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What Graal's compilation trace ({@code engine.TraceCompilation}) of Tide benchmark JVMs says:
 * finished and failed compilations, deoptimisations and invalidations. A tracing node that
 * re-specialises in compiled code (a wider id, say) shows up as a deoptimisation or invalidation.
 */
record CompilationLog(int jvms, long done, long failed, long deopts, long invalidations) {
    static final CompilationLog NONE = new CompilationLog(0, 0, 0, 0, 0);

    /** The counts in one JVM's log. */
    static CompilationLog read(Path log) throws IOException {
        return of(Files.readAllLines(log));
    }

    /** The counts in the lines of one JVM's log ({@code [engine] opt done ...}, {@code opt deopt}, {@code opt inval.}). */
    static CompilationLog of(List<String> lines) {
        long done = 0;
        long failed = 0;
        long deopts = 0;
        long invalidations = 0;
        for (String line : lines) {
            if (line.contains("opt done ")) {
                done++;
            } else if (line.contains("opt failed ")) {
                failed++;
            } else if (line.contains("opt deopt ")) {
                deopts++;
            } else if (line.contains("opt inv")) {
                invalidations++;
            }
        }
        return new CompilationLog(1, done, failed, deopts, invalidations);
    }

    /** Both JVM sets' counts together. */
    CompilationLog plus(CompilationLog other) {
        return new CompilationLog(jvms + other.jvms, done + other.done, failed + other.failed, deopts + other.deopts,
                invalidations + other.invalidations);
    }

    /** "42 compiled, 0 failed, 1 deopt, 0 invalidated in 4 JVMs". */
    String describe() {
        return String.format(Locale.ROOT, "%d compiled, %d failed, %d deopt, %d invalidated in %d JVM%s", done, failed,
                deopts, invalidations, jvms, jvms == 1 ? "" : "s");
    }
}
