package dev.reprise.tools;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One {@code ./reprise} child process run as users run it (the script at the repository root, the
 * packaged jars, {@code REPRISE_NO_BUILD=1} so no nested Maven build starts), its output kept in
 * {@code dir} as {@code WHAT.out} and {@code WHAT.err}.
 */
record ScriptRun(String what, Path dir, int exit, List<String> out, String err) {
    static final Duration LIMIT = Duration.ofSeconds(60);
    private static final int SHOWN_LINES = 120;

    /** Runs {@code ./reprise args} in {@code dir}, killed after {@link #LIMIT} (exit -1). */
    static ScriptRun run(Path dir, String what, Path stdin, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Cli.ROOT.resolve("reprise").toString()));
        cmd.addAll(List.of(args));
        Path out = dir.resolve(what + ".out");
        Path err = dir.resolve(what + ".err");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectInput(stdin != null ? ProcessBuilder.Redirect.from(stdin.toFile())
                        : ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().putAll(Cli.PACKAGED);
        Process p = pb.start();
        int exit;
        if (p.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS)) {
            exit = p.exitValue();
        } else {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
            exit = -1;
        }
        return new ScriptRun(what, dir, exit, Files.readAllLines(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
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
        s.append("--- ").append(what).append(" stderr (").append(errLines.size()).append(" lines)\n");
        if (errLines.size() > SHOWN_LINES) {
            s.append("...\n");
        }
        errLines.stream().skip(Math.max(0, errLines.size() - SHOWN_LINES)).forEach(l -> s.append(l).append('\n'));
        return s.toString();
    }
}
