package dev.reprise.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceMetadata;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Outside sources reach the metadata while recording, not only at a clean end: a crashed recording needs them to replay. */
class SourcesInMetadataTest {
    @TempDir
    Path tmp;

    /** Reads the metadata until {@code key} is there (at most 2 s: the writer rewrites it at its next tick). */
    private static TraceMetadata awaitCount(Path dir, String key) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
        TraceMetadata m = TraceMetadata.read(dir);
        while (m.count(key) < 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
            m = TraceMetadata.read(dir);
        }
        return m;
    }

    @Test
    void aRegisteredSourceIsInTheMetadataWithinAFlushIntervalStillNotClean() throws Exception {
        Path dir = tmp.resolve("t");
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir).withFlushInterval(Duration.ofMillis(50)));
        try {
            assertEquals(-1, TraceMetadata.read(dir).count("source.thread:main"));
            long t0 = System.nanoTime();
            long main = recorder.registerSource("thread:main");
            TraceMetadata m = awaitCount(dir, "source.thread:main");
            long millis = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(Recorder.FIRST_SOURCE_ID, main);
            assertEquals(main, m.count("source.thread:main"));
            assertTrue(millis < 500, "the writer ticks every 50 ms, but the source took " + millis + " ms to reach the metadata");
            assertFalse(m.cleanEnd());
            assertEquals(null, m.end());
            assertEquals("50ms", m.settings().get("flushInterval"), "the settings are kept: " + m.settings());

            long http = recorder.registerSource("http");
            assertEquals(main, recorder.registerSource("thread:main"), "same name, same id");
            m = awaitCount(dir, "source.http");
            assertEquals(http, m.count("source.http"));
            assertEquals(main, m.count("source.thread:main"), "earlier sources stay");
            if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
                assertEquals("rw-------", PosixFilePermissions.toString(
                        Files.getPosixFilePermissions(TraceFiles.metadata(dir))), "rewritten private, as created");
            }
        } finally {
            recorder.close();
        }
        TraceMetadata end = TraceMetadata.read(dir);
        assertTrue(end.cleanEnd());
        assertEquals(Recorder.FIRST_SOURCE_ID, end.count("source.thread:main"));
        assertEquals(Recorder.FIRST_SOURCE_ID + 1, end.count("source.http"));
    }
}
