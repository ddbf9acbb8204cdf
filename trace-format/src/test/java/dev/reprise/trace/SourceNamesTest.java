package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Outside sources named by data entries (format 5) and, in older traces, by the metadata; damaged names are reported. */
class SourceNamesTest {
    private static final long FIRST = TraceIds.FIRST_EXTERNAL_SOURCE;

    @TempDir
    Path tmp;

    private static void name(TraceWriter w, long id, byte[] bytes) throws Exception {
        w.writeData(SourceNames.OWNER, id, java.nio.ByteBuffer.wrap(bytes));
    }

    @Test
    void namesInTheDataFileAreReadWhileTheRecordingRunsAndTheMetadataStaysWithoutThem() throws Exception {
        Path dir = tmp.resolve("t");
        try (TraceWriter w = TraceWriter.create(dir, TraceMetadata.begin("demo.Main", Map.of()))) {
            name(w, FIRST, SourceNames.entry("thread:main"));
            name(w, FIRST + 1, SourceNames.entry("thread:main/thread 1"));
            name(w, FIRST + 2, SourceNames.entry("http \u00e9t\u00e9"));
            w.flush(); // the writer flushes every tick: a killed recording keeps what was flushed
            try (DataFileReader data = DataFileReader.open(TraceFiles.data(dir))) {
                SourceNames s = SourceNames.read(TraceMetadata.read(dir), data);
                assertEquals(
                        Map.of(
                                "thread:main",
                                FIRST,
                                "thread:main/thread 1",
                                FIRST + 1,
                                "http \u00e9t\u00e9",
                                FIRST + 2),
                        s.all());
                assertEquals(FIRST + 1, s.id("thread:main/thread 1"));
                assertEquals(-1, s.id("thread:main/thread 2"));
                assertEquals(List.of(), s.problems());
            }
        }
        assertTrue(TraceMetadata.read(dir).counts().keySet().stream()
                .noneMatch(k -> k.startsWith(TraceMetadata.SOURCE_PREFIX)));
        assertTrue(TraceAnalysis.run(dir).problems().stream().noneMatch(p -> p.kind() == TraceProblem.Kind.MALFORMED));
    }

    @Test
    void olderTracesNameTheirSourcesInTheMetadata() throws Exception {
        TraceMetadata old =
                TraceMetadata.begin("demo.Main", Map.of()).inProgress(Map.of("source.http", 2147418112L, "events", 3L));
        try (DataFileReader data = DataFileReader.open(TraceFiles.data(tmp))) { // no data file: empty
            SourceNames s = SourceNames.read(old, data);
            assertEquals(Map.of("http", 2147418112L), s.all());
        }
    }

    @Test
    void aDamagedNameIsReportedAndLeftOutNeverThrown() throws Exception {
        Path dir = tmp.resolve("t");
        try (TraceWriter w = TraceWriter.create(dir, TraceMetadata.begin("demo.Main", Map.of()))) {
            name(w, FIRST, SourceNames.entry("thread:main"));
            name(w, FIRST + 1, new byte[] {(byte) 0xC3, (byte) 0x28}); // not UTF-8
            name(w, FIRST + 2, new byte[0]);
            name(w, 42, SourceNames.entry("an actor's id"));
            w.finish(Map.of());
        }
        try (DataFileReader data = DataFileReader.open(TraceFiles.data(dir))) {
            SourceNames s = SourceNames.read(TraceMetadata.read(dir), data);
            assertEquals(Map.of("thread:main", FIRST), s.all());
            assertEquals(3, s.problems().size(), s.problems()::toString);
            String all = s.problems().toString();
            assertTrue(
                    all.contains("has id 42, outside the sources' id range")
                            && all.contains("not UTF-8")
                            && all.contains("empty")
                            && all.contains(TraceFiles.DATA),
                    all);
        }
        TraceAnalysis.Report report = TraceAnalysis.run(dir);
        assertFalse(report.sound());
        assertTrue(
                report.problems().toString().contains("is not UTF-8 text (replay gives that source a new id)"),
                report.problems()::toString);
    }
}
