package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Format version 4: ids up to 64 bits. Ids below 2^24 are written byte for byte as in version 3,
 * larger ones as varints; version 3 traces (32-bit ids, width code 3 = 4 bytes) still read.
 */
class WideIdsTest {
    @TempDir
    Path tmp;

    private static final ChunkInfo ORIGIN = new ChunkInfo(1, 0, 0, 0);

    /**
     * Frozen version 3 bytes (written by the version 3 EventBuffer, COMPACT) of: subtrace start of
     * actor 300 with counter 0; a message from 70000; a promise message from 7 resolved by 65535; a
     * creation of temp actor 2^24 - 1; a system call with data 1; a subtrace start of actor
     * 0x7FFF0001 (an external source then: 4 bytes) with counter 0; a message from 2^31.
     */
    private static final byte[] VERSION_3_CHUNK = {
        0x10,
        0x2C,
        0x01,
        0x00,
        0x22,
        0x70,
        0x11,
        0x01,
        0x43,
        0x07,
        (byte) 0xFF,
        (byte) 0xFF,
        0x61,
        (byte) 0xFF,
        (byte) 0xFF,
        (byte) 0xFF,
        0x04,
        0x01,
        0x30,
        0x01,
        0x00,
        (byte) 0xFF,
        0x7F,
        0x00,
        0x32,
        0x00,
        0x00,
        0x00,
        (byte) 0x80,
    };

    private static List<TraceEvent> expectedOfVersion3Chunk() {
        return List.of(
                new TraceEvent.Message(70000),
                new TraceEvent.PromiseMessage(7, 65535),
                new TraceEvent.Creation((1 << 24) - 1, CreationKind.TEMP_ACTOR),
                new TraceEvent.SystemCall(1));
    }

    @Test
    void idsBelow2To24AreWrittenExactlyAsInVersion3() throws Exception {
        EventBuffer b = new EventBuffer(4096, Encoding.COMPACT);
        b.subtraceStart(300, 0);
        b.message(70000);
        b.promiseMessage(7, 65535);
        b.creation((1 << 24) - 1, CreationKind.TEMP_ACTOR);
        b.systemCall(1);
        byte[] narrowPart = Arrays.copyOf(VERSION_3_CHUNK, 18);
        assertArrayEquals(narrowPart, Arrays.copyOf(b.array(), b.size()));
    }

    @Test
    void aVersion3ChunkStillDecodesWithItsFourByteIds() throws Exception {
        List<Subtrace> s = new ChunkDecoder(3).decode(VERSION_3_CHUNK, VERSION_3_CHUNK.length, ORIGIN);
        assertEquals(2, s.size());
        assertEquals(300, s.get(0).actor());
        assertEquals(0, s.get(0).counter());
        assertEquals(expectedOfVersion3Chunk(), s.get(0).events());
        assertEquals(0x7FFF0001L, s.get(1).actor());
        assertEquals(0, s.get(1).counter());
        assertEquals(List.of(new TraceEvent.Message(1L << 31)), s.get(1).events());
    }

    @Test
    void aVersion3TraceStillReadsWithItsOldIdRanges() throws Exception {
        Path dir = tmp.resolve("v3");
        Files.createDirectories(dir);
        try (ChunkFileWriter w = ChunkFileWriter.create(TraceFiles.events(dir), FileKind.EVENTS)) {
            w.write(1, 0, VERSION_3_CHUNK, VERSION_3_CHUNK.length);
        }
        try (ChunkFileWriter w = ChunkFileWriter.create(TraceFiles.data(dir), FileKind.DATA)) {
            ByteBuffer entry = ByteBuffer.allocate(15).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            entry.putInt(300).putInt(1).putInt(3).put(new byte[] {1, 2, 3}).flip();
            w.write(0, 0, entry);
        }
        setVersion(TraceFiles.events(dir), 3);
        setVersion(TraceFiles.data(dir), 3);
        try (TraceReader reader = TraceReader.open(dir)) {
            assertEquals(3, reader.formatVersion());
            Map<Long, List<TraceEvent>> all = reader.readAllEvents();
            assertEquals(expectedOfVersion3Chunk(), all.get(300L));
            assertEquals(List.of(new TraceEvent.Message(1L << 31)), all.get(0x7FFF0001L));
        }
        try (DataFileReader data = DataFileReader.open(TraceFiles.data(dir))) {
            assertArrayEquals(new byte[] {1, 2, 3}, data.read(300, 1));
        }
        assertTrue(TraceIds.isExternalSource(0x7FFF0001L, 3));
        assertFalse(TraceIds.isExternalSource(0x7FFF0001L, FileHeader.VERSION));
        assertTrue(TraceIds.isRecorder(0xFFFF_FFFFL, 3));
        assertFalse(TraceIds.isRecorder(0xFFFF_FFFFL, FileHeader.VERSION));
    }

    @Test
    void wideIdsTakeAVarintOnlyAsLongAsTheyNeed() {
        assertEquals(1 + 3, messageBytes((1 << 24) - 1));
        assertEquals(1 + 4, messageBytes(1 << 24));
        assertEquals(1 + 4, messageBytes((1 << 28) - 1));
        assertEquals(1 + 5, messageBytes(1 << 28));
        assertEquals(1 + 5, messageBytes(1L << 32));
        assertEquals(1 + 5, messageBytes((1L << 35) - 1));
        assertEquals(1 + 9, messageBytes(Long.MAX_VALUE));
    }

    private static int messageBytes(long sender) {
        EventBuffer b = new EventBuffer(4096, Encoding.SMALL_IDS);
        b.subtraceStart(1, 0);
        int before = b.size();
        b.message(sender);
        return b.size() - before;
    }

    @Test
    void aWideSubtraceStartAndTheWidestEventFitAfterTheLastRoomyAppend() throws Exception {
        EventBuffer b = new EventBuffer(2 * EventLayout.MAX_EVENT_BYTES, Encoding.COMPACT);
        b.subtraceStart(1, 0);
        b.message(2);
        while (b.size() + 2 <= EventLayout.MAX_EVENT_BYTES) {
            b.systemCall(1);
        }
        b.message(2); // a one-byte repeat: the buffer is filled to where hasRoom() still says yes
        assertEquals(EventLayout.MAX_EVENT_BYTES, b.size());
        assertTrue(b.hasRoom());
        b.subtraceStart(Long.MAX_VALUE, -1);
        b.externalPromiseMessage(Long.MAX_VALUE, Long.MAX_VALUE, -1, Long.MAX_VALUE);
        List<Subtrace> s = new ChunkDecoder(FileHeader.VERSION).decode(b.array(), b.size(), ORIGIN);
        Subtrace last = s.get(s.size() - 1);
        assertEquals(0xFFFF_FFFFL, last.counter());
        assertEquals(
                List.of(new TraceEvent.ExternalPromiseMessage(Long.MAX_VALUE, Long.MAX_VALUE, -1, Long.MAX_VALUE)),
                last.events());
    }

    @Test
    void dataEntriesKeepWideIds() throws Exception {
        Path file = tmp.resolve(TraceFiles.DATA);
        long[] ids = {0, 1, 255, 1L << 24, 0xFFFF_FFFFL, 1L << 32, 1L << 40, Long.MAX_VALUE / 2};
        try (DataFileWriter w = DataFileWriter.create(file, 64, true)) {
            for (long id : ids) {
                w.append(id, id + 1, new byte[] {(byte) id}, 1);
            }
        }
        try (DataFileReader d = DataFileReader.open(file)) {
            assertEquals(List.of(), d.problems());
            for (long id : ids) {
                assertArrayEquals(new byte[] {(byte) id}, d.read(id, id + 1), "id " + id);
            }
            assertEquals(null, d.read(1L << 32, 1));
        }
    }

    private static void setVersion(Path file, int version) throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        LittleEndian.putShort(bytes, 8, (short) version);
        java.util.zip.CRC32C c = new java.util.zip.CRC32C();
        c.update(bytes, 0, 12);
        LittleEndian.putInt(bytes, 12, (int) c.getValue());
        Files.write(file, bytes);
    }
}
