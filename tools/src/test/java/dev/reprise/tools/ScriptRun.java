package dev.reprise.tools;

import dev.reprise.testsupport.ChildProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * One {@code ./reprise} child process run as users run it (the script at the repository root, the
 * packaged jars, {@code REPRISE_NO_BUILD=1} so no nested Maven build starts), its output kept in
 * {@code dir} as {@code WHAT.out} and {@code WHAT.err}.
 */
record ScriptRun(String what, Path dir, int exit, List<String> out, String err) {
    static final Duration LIMIT = Duration.ofSeconds(60);
    private static final int SHOWN_LINES = 120;

    /** Runs {@code ./reprise args} in {@code dir}, killed after {@link #LIMIT} (exit -1). */
    static ScriptRun run(Path dir, String what, Path stdin, String... args) {
        ChildProcess.Result r = ChildProcess.command(Cli.ROOT.resolve("reprise").toString())
                .args(args)
                .directory(dir)
                .stdin(stdin)
                .output(dir.resolve(what + ".out"), dir.resolve(what + ".err"))
                .env(Cli.PACKAGED)
                .timeout(LIMIT)
                .run();
        return new ScriptRun(what, dir, r.exit(), r.outLines(), r.err());
    }

    /** Its exit code, stdout (the first lines) and stderr (the last lines), for a failure message. */
    String show() {
        List<String> errLines = err.lines().toList();
        StringBuilder s = new StringBuilder("--- " + what + " exit " + exit + ", stdout (" + out.size() + " lines, "
                + dir.resolve(what + ".out") + ")\n");
        out.stream().limit(SHOWN_LINES).forEach(l -> s.append(l).append('\n'));
        if (out.size() > SHOWN_LINES) {
            s.append("...\n");
        }
        s.append("--- ")
                .append(what)
                .append(" stderr (")
                .append(errLines.size())
                .append(" lines)\n");
        if (errLines.size() > SHOWN_LINES) {
            s.append("...\n");
        }
        errLines.stream()
                .skip(Math.max(0, errLines.size() - SHOWN_LINES))
                .forEach(l -> s.append(l).append('\n'));
        return s.toString();
    }
}
