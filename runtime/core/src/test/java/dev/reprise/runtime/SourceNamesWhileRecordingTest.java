package dev.reprise.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.trace.SourceNames;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceMetadata;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Outside sources are named in the trace while recording, not only at a clean end (a crashed
 * recording needs them to replay), in the data file: the metadata does not grow with them.
 */
class SourceNamesWhileRecordingTest {
    @TempDir
    Path tmp;

    /** Reads the trace's sources until {@code name} is there (at most 2 s: the writer flushes at its next tick). */
    private static SourceNames await(Path dir, String name) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
        SourceNames s = SourceNames.read(dir);
        while (s.id(name) < 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
            s = SourceNames.read(dir);
        }
        return s;
    }

    @Test
    void aSourceIsNamedInTheTraceWithinAFlushIntervalStillNotClean() throws Exception {
        Path dir = tmp.resolve("t");
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir).withFlushInterval(Duration.ofMillis(50)));
        try {
            assertEquals(-1, SourceNames.read(dir).id("thread:main"));
            long t0 = System.nanoTime();
            long main = recorder.newSource("thread:main");
            SourceNames s = await(dir, "thread:main");
            long millis = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(Recorder.FIRST_SOURCE_ID, main);
            assertEquals(main, s.id("thread:main"));
            assertTrue(
                    millis < 500,
                    "the writer ticks every 50 ms, but the source took " + millis + " ms to reach the trace");
            assertFalse(TraceMetadata.read(dir).cleanEnd());

            long http = recorder.registerSource("http");
            assertEquals(http, recorder.registerSource("http"), "a declared name, declared again: the same id");
            long task = recorder.newSource("thread:main/task 1");
            assertNotEquals(http, task);
            s = await(dir, "thread:main/task 1");
            assertEquals(Map.of("thread:main", main, "http", http, "thread:main/task 1", task), s.all());
        } finally {
            recorder.close();
        }
        TraceMetadata end = TraceMetadata.read(dir);
        assertTrue(end.cleanEnd());
        assertTrue(
                end.counts().keySet().stream().noneMatch(k -> k.startsWith(TraceMetadata.SOURCE_PREFIX)),
                end.counts()::toString);
        assertEquals(
                Map.of(
                        "thread:main",
                        Recorder.FIRST_SOURCE_ID,
                        "http",
                        Recorder.FIRST_SOURCE_ID + 1,
                        "thread:main/task 1",
                        Recorder.FIRST_SOURCE_ID + 2),
                SourceNames.read(dir).all());
    }

    @Test
    void tenThousandSourcesLeaveTheMetadataAsSmallAsNone() throws Exception {
        Path dir = tmp.resolve("t");
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir).withFlushInterval(Duration.ofMillis(20)));
        long before = Files.size(TraceFiles.metadata(dir));
        try {
            for (int i = 1; i <= 10_000; i++) {
                recorder.newSource("thread:main/thread " + i);
            }
        } finally {
            recorder.close();
        }
        assertEquals(10_000, SourceNames.read(dir).all().size());
        long after = Files.size(TraceFiles.metadata(dir));
        assertTrue(after < before + 2048, "the metadata grew from " + before + " to " + after + " bytes");
    }
}
