package dev.reprise.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceProblem;
import dev.reprise.trace.TraceReader;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Recording JVMs that are killed with SIGKILL or exit without closing: what the trace keeps. */
@Tag("slow") // starts JVMs: left out of ./reprise test --fast
class CrashTest {
    @TempDir
    Path tmp;

    private Process child(Path dir, String mode) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                RecordingChild.class.getName(), dir.toString(), mode)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    private static long[] counts(String line) {
        String[] p = line.split(" ");
        return new long[] {Long.parseLong(p[1]), Long.parseLong(p[2]), Long.parseLong(p[3])};
    }

    /** Each actor's events in the trace are exactly its first n messages, with n at least {@code atLeast}. */
    private static void assertPrefixes(Path dir, long[] atLeast) throws Exception {
        try (TraceReader reader = TraceReader.open(dir)) {
            Map<Long, List<TraceEvent>> all = reader.readAllEvents();
            for (int a = 1; a <= 3; a++) {
                List<TraceEvent> events = all.getOrDefault((long) a, List.of());
                assertTrue(events.size() >= atLeast[a - 1], "actor " + a + ": " + events.size()
                        + " events readable, but " + atLeast[a - 1] + " were recorded well before the end");
                for (int n = 0; n < events.size(); n++) {
                    if (!events.get(n).equals(new TraceEvent.Message(RecordingChild.senderOf(n)))) {
                        throw new AssertionError("actor " + a + " event " + n + " is " + events.get(n));
                    }
                }
            }
        }
    }

    @Test
    void aKilledJvmLeavesATruncatedTraceWithEverythingUpToTheLastFlush() throws Exception {
        Path dir = tmp.resolve("killed");
        Process p = child(dir, "kill");
        long[] flushedForSure = null;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            long start = System.nanoTime();
            String line;
            while ((line = out.readLine()) != null) {
                long[] c = counts(line);
                if (flushedForSure == null && c[0] > 50_000 && c[1] > 50_000 && c[2] > 50_000) {
                    flushedForSure = c; // recorded by now; 500 ms = 10 flush intervals later it must be on disk
                    start = System.nanoTime();
                }
                if (flushedForSure != null && System.nanoTime() - start > TimeUnit.MILLISECONDS.toNanos(500)) {
                    break;
                }
            }
            p.destroyForcibly(); // SIGKILL: no shutdown hook runs
            assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        } finally {
            p.destroyForcibly();
        }
        assertTrue(flushedForSure != null, "the child never got going");
        assertEquals(137, p.exitValue(), "killed by SIGKILL");

        TraceAnalysis.Report report = TraceAnalysis.run(dir);
        assertFalse(report.sound());
        TraceProblem first = report.problems().get(0);
        assertTrue(first.toString().contains("truncated"), report.problems().toString());
        assertTrue(report.problems().stream().anyMatch(x -> x.kind() == TraceProblem.Kind.UNCLEAN_END));
        assertPrefixes(dir, flushedForSure);
    }

    @Test
    void systemExitWithoutCloseStillEndsTheTraceCleanly() throws Exception {
        Path dir = tmp.resolve("exited");
        Process p = child(dir, "exit");
        long[] last = {0, 0, 0};
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            for (String line; (line = out.readLine()) != null; ) {
                last = counts(line);
            }
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        } finally {
            p.destroyForcibly();
        }
        assertEquals(0, p.exitValue());
        TraceAnalysis.Report report = TraceAnalysis.run(dir);
        assertEquals(List.of(), report.problems(), "the shutdown hook finished the trace");
        assertTrue(report.metadata().cleanEnd());
        assertPrefixes(dir, last);
    }
}
