package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Records a test program with {@code ./reprise record} and replays it with {@code ./reprise replay}
 * (child processes, the packaged jars, as users run them); each test's traces stay in
 * {@code tools/target/cli-it/NAME}.
 */
final class RecordedPrograms {
    private RecordedPrograms() {}

    /** A fresh folder for one test's traces. */
    static Path folder(String name) throws IOException {
        Path dir = Cli.WORK.resolve(name);
        Cli.deleteTree(dir);
        return Files.createDirectories(dir);
    }

    /** Records {@code main} with {@code args}; the recording must exit 0. */
    static Cli.Result record(Path trace, Class<?> main, String... args) {
        return record(trace, List.of(), main, args);
    }

    /** Records {@code main} with {@code args} and recording {@code options} (e.g. -o fingerprints=true); it must exit 0. */
    static Cli.Result record(Path trace, List<String> options, Class<?> main, String... args) {
        return record(trace, options, List.of(), main, args);
    }

    /** {@link #record(Path, List, Class, String...)} with JVM arguments {@code jvmArgs} (e.g. -Dreprise.test.firstId=N). */
    static Cli.Result record(Path trace, List<String> options, List<String> jvmArgs, Class<?> main, String... args) {
        List<String> cmd = new ArrayList<>(List.of("record", "--trace", trace.toString()));
        cmd.addAll(options);
        cmd.add("--");
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", SampleRuns.programClassPath(main), main.getName()));
        cmd.addAll(List.of(args));
        Cli.Result r = Cli.script(Cli.PACKAGED, cmd.toArray(String[]::new));
        assertEquals(0, r.exit(), () -> "the recording failed: " + r);
        return r;
    }

    /** Replays {@code trace} with {@code options} (e.g. --quiet 2s) and {@code main} run with {@code args}. */
    static Cli.Result replay(Path trace, List<String> options, Class<?> main, String... args) {
        List<String> cmd = new ArrayList<>(List.of("replay", "--trace", trace.toString()));
        cmd.addAll(options);
        cmd.addAll(List.of("--", "-cp", SampleRuns.programClassPath(main), main.getName()));
        cmd.addAll(List.of(args));
        return Cli.script(Cli.PACKAGED, cmd.toArray(String[]::new));
    }

    /** The divergence report's lines in a replay's stderr: from "REPLAY DIVERGED" to the exit code. */
    static List<String> report(Cli.Result r) {
        List<String> lines = r.errLines();
        int from = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("REPLAY DIVERGED")) {
                from = i;
            }
            if (from >= 0 && lines.get(i).contains("The replay stops with exit code")) {
                return lines.subList(from, i + 1);
            }
        }
        assertTrue(false, () -> "no divergence report: " + r);
        return List.of();
    }
}
