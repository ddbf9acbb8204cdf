package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.reprise.programs.PacedProgram;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A user stops {@code ./reprise record} or {@code ./reprise replay} midway with SIGTERM (as {@code kill}
 * or a CI time-out sends it): the program's JVM stops with it rather than running on alone, a replay
 * ends at once saying how far it got (not waiting for the rest of the trace, and not calling it a
 * divergence), and a recording keeps a readable trace. Child processes, the packaged jars.
 */
class StoppedProgramIT {
    private static final int SIGTERM_STATUS = 128 + 15;

    @Test
    void aStoppedReplayEndsAtOnceAndSaysHowFarItGot() throws Exception {
        Cli.requireJars();
        Path dir = RecordedPrograms.folder("stopped-replay");
        Path trace = dir.resolve("trace");
        List<String> recorded =
                RecordedPrograms.record(trace, PacedProgram.class).out().lines().toList();
        assertTrue(
                recorded.get(recorded.size() - 1).startsWith("done "),
                () -> "the recording ran to its end: " + recorded);

        Path output = dir.resolve("replay.txt");
        Process replay = Cli.start(
                List.of(
                        "replay",
                        "--trace",
                        trace.toString(),
                        "--",
                        "-cp",
                        SampleRuns.programClassPath(PacedProgram.class),
                        PacedProgram.class.getName()),
                output);
        List<ProcessHandle> jvms = stopOnceItPrinted(replay, output, "1000: ");
        long stoppedAt = System.nanoTime();
        assertTrue(
                replay.waitFor(20, TimeUnit.SECONDS),
                () -> "the replay still runs 20 s after SIGTERM: " + read(output));
        String out = read(output);
        assertEquals(SIGTERM_STATUS, replay.exitValue(), () -> "the replay ends with the status SIGTERM gives: " + out);
        assertAllEnded(jvms);
        assertTrue(
                out.contains("[reprise] replay stopped by SIGTERM before the end of the trace; up to here it matched "
                        + "the recording.\n  trace: " + trace.toAbsolutePath()),
                out);
        assertTrue(out.contains("  actor: ") && out.contains("    expected next: "), () -> "where it stopped: " + out);
        assertTrue(out.contains("[reprise] replay of " + trace.toAbsolutePath() + ": replayed "), out);
        assertFalse(out.contains("REPLAY DIVERGED"), out);
        assertFalse(out.contains("done "), () -> "it stopped, not ran on to the end of the trace: " + out);
        List<String> counted = out.lines().filter(l -> l.matches("\\d+: .*")).toList();
        assertEquals(recorded.subList(0, counted.size()), counted, "the lines it printed are the recording's");
        assertTrue(counted.size() < recorded.size() - 1, "lines " + counted.size() + " of " + recorded.size());
        System.out.printf("replay ended %d ms after SIGTERM%n", (System.nanoTime() - stoppedAt) / 1_000_000);
    }

    @Test
    void aStoppedRecordingStopsTheProgramAndKeepsItsTrace() throws Exception {
        Cli.requireJars();
        Path dir = RecordedPrograms.folder("stopped-recording");
        Path trace = dir.resolve("trace");
        Path output = dir.resolve("record.txt");
        Process record = Cli.start(
                List.of(
                        "record",
                        "--trace",
                        trace.toString(),
                        "--",
                        "-cp",
                        SampleRuns.programClassPath(PacedProgram.class),
                        PacedProgram.class.getName()),
                output);
        List<ProcessHandle> jvms = stopOnceItPrinted(record, output, "1000: ");
        assertTrue(
                record.waitFor(ProgramJvm.STOP_SECONDS + 10, TimeUnit.SECONDS),
                () -> "still recording: " + read(output));
        String out = read(output);
        assertEquals(
                SIGTERM_STATUS, record.exitValue(), () -> "the recording ends with the status SIGTERM gives: " + out);
        assertAllEnded(jvms);
        assertFalse(out.contains("done "), out);
        Cli.Result verify = Cli.script(Cli.PACKAGED, "verify", trace.toString());
        assertEquals(0, verify.exit(), () -> "the stopped recording's trace is whole: " + verify);
    }

    /** Waits until {@code process} has printed {@code line}, then sends it SIGTERM; returns the JVMs it had started. */
    private static List<ProcessHandle> stopOnceItPrinted(Process process, Path output, String line) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!read(output).contains(line)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                fail("never printed '" + line + "': " + read(output));
            }
            Thread.sleep(10);
        }
        List<ProcessHandle> jvms = process.descendants().toList();
        assertFalse(jvms.isEmpty(), "the program runs in a JVM of its own");
        process.destroy(); // SIGTERM to ./reprise, which is the tools' JVM (the script execs it)
        return jvms;
    }

    private static void assertAllEnded(List<ProcessHandle> jvms) throws Exception {
        for (ProcessHandle jvm : jvms) {
            assertTrue(
                    jvm.onExit().completeOnTimeout(null, 10, TimeUnit.SECONDS).get() != null,
                    () -> "the program's JVM outlived ./reprise: "
                            + jvm.info().commandLine().orElse("?"));
        }
    }

    private static String read(Path output) {
        try {
            return Files.isRegularFile(output) ? Files.readString(output) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
