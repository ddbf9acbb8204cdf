package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Data file, metadata, headers and the analysis of whole traces, on real files. */
class TraceFilesTest {
    @TempDir
    Path tmp;

    @Test
    void dataEntriesOfAnySizeRoundTrip() throws Exception {
        Random r = new Random(3);
        byte[] big = new byte[3 * TraceWriter.DATA_CHUNK_SIZE + 17];
        r.nextBytes(big);
        Path file = tmp.resolve(TraceFiles.DATA);
        try (DataFileWriter w = DataFileWriter.create(file, 1024, true)) {
            for (int i = 1; i <= 500; i++) {
                w.append(i % 7, i, ("entry " + i).getBytes(StandardCharsets.UTF_8), ("entry " + i).length());
            }
            w.append(9, 1, ByteBuffer.wrap(big));
            w.append(9, 2, new byte[0], 0);
        }
        try (DataFileReader d = DataFileReader.open(file)) {
            assertEquals(502, d.entries());
            assertEquals(List.of(), d.problems());
            for (int i = 1; i <= 500; i++) {
                assertEquals("entry " + i, new String(d.read(i % 7, i), StandardCharsets.UTF_8));
            }
            assertArrayEquals(big, d.read(9, 1));
            assertArrayEquals(new byte[0], d.read(9, 2));
            assertNull(d.read(9, 3));
        }
    }

    @Test
    void aDamagedDataChunkIsReportedAndTheOtherEntriesStayReadable() throws Exception {
        Path file = tmp.resolve(TraceFiles.DATA);
        try (DataFileWriter w = DataFileWriter.create(file, 64, false)) {
            for (int i = 1; i <= 30; i++) {
                w.append(1, i, new byte[] {(byte) i, 2, 3}, 3);
            }
        }
        byte[] bytes = Files.readAllBytes(file);
        bytes[FileHeader.SIZE + ChunkFormat.HEADER_SIZE + 5] ^= 1; // inside the first chunk's payload
        Files.write(file, bytes);
        try (DataFileReader d = DataFileReader.open(file)) {
            assertEquals(1, d.problems().size());
            TraceProblem p = d.problems().get(0);
            assertEquals(TraceProblem.Kind.CORRUPT, p.kind());
            assertEquals(0, p.chunk());
            assertEquals(FileHeader.SIZE, p.offset());
            assertFalse(d.contains(1, 1));
            assertArrayEquals(new byte[] {30, 2, 3}, d.read(1, 30));
        }
    }

    @Test
    void metadataRoundTripsAndBadMetadataNamesTheFileAndPlace() throws Exception {
        TraceMetadata m = TraceMetadata.begin("demo.Main --flag", Map.of("bufferSize", "65536"));
        m.write(tmp);
        TraceMetadata read = TraceMetadata.read(tmp);
        assertEquals(m, read);
        assertFalse(read.cleanEnd());
        assertNull(read.durationSeconds());
        TraceMetadata done = read.finish(Map.of("messages", 12L));
        done.write(tmp);
        assertEquals(done, TraceMetadata.read(tmp));
        assertTrue(TraceMetadata.read(tmp).durationSeconds() >= 0);

        Files.writeString(TraceFiles.metadata(tmp), "{\n  \"formatVersion\": 2,\n  \"program\" \"x\"\n}");
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceMetadata.read(tmp));
        assertTrue(
                e.getMessage().contains(TraceFiles.METADATA) && e.getMessage().contains("line 3"), e.getMessage());

        Files.writeString(
                TraceFiles.metadata(tmp),
                Files.readString(TraceFiles.metadata(tmp)).replace("", ""));
        String future = Json.write(Map.of(
                "formatVersion",
                9L,
                "program",
                "p",
                "jvm",
                "j",
                "startTime",
                "2026-01-01T00:00:00Z",
                "cleanEnd",
                true));
        Files.writeString(TraceFiles.metadata(tmp), future);
        e = assertThrows(TraceFormatException.class, () -> TraceMetadata.read(tmp));
        assertTrue(e.getMessage().contains("version 9 is not supported"), e.getMessage());
    }

    @Test
    void unknownFormatVersionAndWrongMagicAreRefusedClearly() throws Exception {
        GeneratedTrace g = GeneratedTrace.generate(1, 1, new long[] {1}, new long[] {2}, 5, 256, Encoding.COMPACT);
        g.writeTo(tmp);
        Path events = TraceFiles.events(tmp);
        byte[] bytes = Files.readAllBytes(events);
        byte[] future = FileHeader.encode(FileKind.EVENTS);
        LittleEndian.putShort(future, 8, (short) (FileHeader.VERSION + 1));
        java.util.zip.CRC32C c = new java.util.zip.CRC32C();
        c.update(future, 0, 12);
        LittleEndian.putInt(future, 12, (int) c.getValue());
        System.arraycopy(future, 0, bytes, 0, FileHeader.SIZE);
        Files.write(events, bytes);
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceReader.open(tmp));
        assertTrue(
                e.getMessage()
                        .contains("version " + (FileHeader.VERSION + 1)
                                + " is not supported; this Reprise reads versions 2 to " + FileHeader.VERSION),
                e.getMessage());

        Files.copy(TraceFiles.data(tmp), events, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        e = assertThrows(TraceFormatException.class, () -> TraceReader.open(tmp));
        assertTrue(e.getMessage().contains("not a Reprise events file"), e.getMessage());
    }

    @Test
    void aDirectoryHoldingATraceIsNotOverwritten() throws Exception {
        GeneratedTrace g = GeneratedTrace.generate(1, 1, new long[] {1}, new long[] {2}, 5, 256, Encoding.COMPACT);
        g.writeTo(tmp);
        assertThrows(FileAlreadyExistsException.class, () -> g.writeTo(tmp));
    }

    @Test
    void analysisFindsEveryKindOfProblem() throws Exception {
        GeneratedTrace g = GeneratedTrace.generate(
                9, 2, new long[] {1, 2, 3}, new long[] {1, 2, 3, 400}, 200, 128, Encoding.COMPACT);
        Path sound = tmp.resolve("sound");
        g.writeTo(sound);
        TraceAnalysis.Report ok = TraceAnalysis.run(sound);
        assertEquals(List.of(), ok.problems());
        TraceStatistics s = ok.statistics();
        assertEquals(g.messages(), s.messages());
        assertEquals(Files.size(TraceFiles.events(sound)), s.eventBytes());
        assertEquals(g.chunks.size(), s.chunks());

        // A chunk missing from the middle of a thread's sequence.
        Path missing = tmp.resolve("missing");
        List<Integer> order = new java.util.ArrayList<>();
        for (int i = 0; i < g.chunks.size(); i++) {
            if (i != 2) {
                order.add(i);
            }
        }
        g.writeTo(missing, order);
        List<TraceProblem.Kind> kinds = TraceAnalysis.run(missing).problems().stream()
                .map(TraceProblem::kind)
                .toList();
        assertTrue(kinds.contains(TraceProblem.Kind.MISSING_CHUNK), kinds.toString());
        assertTrue(kinds.contains(TraceProblem.Kind.MISSING_SUBTRACE), kinds.toString());

        // Data file gone: every event that refers to data is reported.
        Path noData = tmp.resolve("nodata");
        g.writeTo(noData);
        Files.delete(TraceFiles.data(noData));
        kinds = TraceAnalysis.run(noData).problems().stream()
                .map(TraceProblem::kind)
                .toList();
        assertTrue(kinds.contains(TraceProblem.Kind.MISSING_DATA), kinds.toString());

        // Metadata gone, or not finished.
        Path noMeta = tmp.resolve("nometa");
        g.writeTo(noMeta);
        Files.delete(TraceFiles.metadata(noMeta));
        assertEquals(
                TraceProblem.Kind.METADATA,
                TraceAnalysis.run(noMeta).problems().get(0).kind());
        TraceMetadata.begin("x", Map.of()).write(noMeta);
        assertEquals(
                TraceProblem.Kind.UNCLEAN_END,
                TraceAnalysis.run(noMeta).problems().get(0).kind());
    }

    @Test
    void droppedEventsAreAGapThatVerifyReports() throws Exception {
        EventBuffer b = new EventBuffer(256, Encoding.COMPACT);
        b.subtraceStart(1, 0);
        b.message(2);
        b.gap(17);
        try (TraceWriter w = TraceWriter.create(tmp, TraceMetadata.begin("gap", Map.of()))) {
            w.writeEvents(1, 0, b.array(), b.size());
            w.finish(Map.of());
        }
        TraceAnalysis.Report r = TraceAnalysis.run(tmp);
        assertEquals(17, r.statistics().droppedEvents());
        assertEquals(TraceProblem.Kind.DROPPED_EVENTS, r.problems().get(0).kind());
        assertTrue(
                r.problems().get(0).toString().contains("dropped 17 events"),
                r.problems().toString());
    }

    @Test
    void subtraceCountersUnwrapPast32Bits() {
        for (long start : new long[] {0, (1L << 32) - 2, 5 * (1L << 32) - 1}) {
            SubtraceOrder<Long> o = new SubtraceOrder<>(start);
            List<Long> released = new java.util.ArrayList<>();
            for (long c : new long[] {start + 2, start, start + 1, start + 4, start + 3}) {
                long unwrapped = o.unwrap(c & 0xFFFFFFFFL);
                assertEquals(c, unwrapped, "recorded as " + (c & 0xFFFFFFFFL));
                assertTrue(o.accept(unwrapped, c, released::add));
            }
            assertEquals(List.of(start, start + 1, start + 2, start + 3, start + 4), released);
            assertFalse(o.accept(o.unwrap((start + 1) & 0xFFFFFFFFL), 0L, released::add), "duplicate refused");
        }
    }
}
