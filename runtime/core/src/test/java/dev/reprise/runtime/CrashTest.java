package dev.reprise.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.testsupport.ChildProcess;
import dev.reprise.testsupport.Traces;
import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceProblem;
import java.nio.file.Path;
import java.time.Duration;
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

    /** {@link RecordingChild} recording into {@code dir}; it prints its three actors' counts as it goes. */
    private static ChildProcess child(Path dir, String mode) {
        return ChildProcess.java()
                .classPath(System.getProperty("java.class.path"))
                .main(RecordingChild.class, dir.toString(), mode);
    }

    private static long[] counts(String line) {
        String[] p = line.split(" ");
        return new long[] {Long.parseLong(p[1]), Long.parseLong(p[2]), Long.parseLong(p[3])};
    }

    /** Each actor's events in the trace are exactly its first n messages, with n at least {@code atLeast}. */
    private static void assertPrefixes(Path dir, long[] atLeast) throws Exception {
        Map<Long, List<TraceEvent>> all = Traces.events(dir);
        for (int a = 1; a <= 3; a++) {
            List<TraceEvent> events = all.getOrDefault((long) a, List.of());
            assertTrue(
                    events.size() >= atLeast[a - 1],
                    "actor " + a + ": " + events.size() + " events readable, but " + atLeast[a - 1]
                            + " were recorded well before the end");
            for (int n = 0; n < events.size(); n++) {
                if (!events.get(n).equals(new TraceEvent.Message(RecordingChild.senderOf(n)))) {
                    throw new AssertionError("actor " + a + " event " + n + " is " + events.get(n));
                }
            }
        }
    }

    @Test
    void aKilledJvmLeavesATruncatedTraceWithEverythingUpToTheLastFlush() throws Exception {
        Path dir = tmp.resolve("killed");
        long[][] flushedForSure = {null};
        int exit;
        try (ChildProcess.Running p = child(dir, "kill").start()) {
            long[] start = {System.nanoTime()};
            p.awaitLine(
                    line -> {
                        long[] c = counts(line);
                        if (flushedForSure[0] == null && c[0] > 50_000 && c[1] > 50_000 && c[2] > 50_000) {
                            flushedForSure[0] =
                                    c; // recorded by now; 500 ms = 10 flush intervals later it must be on disk
                            start[0] = System.nanoTime();
                        }
                        return flushedForSure[0] != null
                                && System.nanoTime() - start[0] > TimeUnit.MILLISECONDS.toNanos(500);
                    },
                    Duration.ofMinutes(2));
            p.kill(); // SIGKILL: no shutdown hook runs
            assertTrue(p.process().waitFor(10, TimeUnit.SECONDS));
            exit = p.process().exitValue();
        }
        assertTrue(flushedForSure[0] != null, "the child never got going");
        assertEquals(137, exit, "killed by SIGKILL");

        TraceAnalysis.Report report = TraceAnalysis.run(dir);
        assertFalse(report.sound());
        TraceProblem first = report.problems().get(0);
        assertTrue(first.toString().contains("truncated"), report.problems().toString());
        assertTrue(report.problems().stream().anyMatch(x -> x.kind() == TraceProblem.Kind.UNCLEAN_END));
        assertPrefixes(dir, flushedForSure[0]);
    }

    @Test
    void systemExitWithoutCloseStillEndsTheTraceCleanly() throws Exception {
        Path dir = tmp.resolve("exited");
        ChildProcess.Result r = child(dir, "exit").run();
        System.err.print(r.err());
        assertFalse(r.timedOut(), r::toString);
        long[] last = {0, 0, 0};
        for (String line : r.outLines()) {
            last = counts(line);
        }
        assertEquals(0, r.exit(), r::toString);
        TraceAnalysis.Report report = TraceAnalysis.run(dir);
        assertEquals(List.of(), report.problems(), "the shutdown hook finished the trace");
        assertTrue(report.metadata().cleanEnd());
        assertPrefixes(dir, last);
    }
}
