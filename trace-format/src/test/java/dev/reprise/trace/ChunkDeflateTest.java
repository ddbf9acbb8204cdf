package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Event chunks are deflated when that makes them smaller; readers see the same events either way. */
class ChunkDeflateTest {
    @TempDir
    Path tmp;

    @Test
    void deflatedTracesReadTheSameEventsInAFractionOfTheBytes() throws Exception {
        GeneratedTrace g = GeneratedTrace.generate(
                5, 2, new long[] {1, 2, 3, 300}, new long[] {1, 2, 3, 4, 70000}, 4000, 4096, Encoding.COMPACT);
        Path stored = tmp.resolve("stored");
        Path deflated = tmp.resolve("deflated");
        g.writeTo(stored, false);
        g.writeTo(deflated, true);
        for (Path dir : List.of(stored, deflated)) {
            try (TraceReader reader = TraceReader.open(dir)) {
                assertEquals(g.expected, reader.readAllEvents(), dir.toString());
                assertTrue(reader.problems().isEmpty(), reader.problems().toString());
            }
            assertEquals(g.expected, readThroughIndex(dir), "per-actor reads of " + dir);
            assertTrue(TraceAnalysis.run(dir).sound(), dir + " verifies");
        }
        long s = Files.size(TraceFiles.events(stored));
        long d = Files.size(TraceFiles.events(deflated));
        // Random senders leave little to find; recorded programs repeat themselves and shrink far more.
        assertTrue(d < s * 0.8, "deflated events file " + d + " bytes, stored " + s);
    }

    @Test
    void aChunkThatDeflateCannotShrinkIsStoredAsItIs() throws Exception {
        byte[] noise = new byte[2000];
        new Random(1).nextBytes(noise);
        byte[] repetitive = new byte[2000];
        for (int i = 0; i < repetitive.length; i++) {
            repetitive[i] = (byte) (i % 3);
        }
        Path file = tmp.resolve("chunks");
        try (ChunkFileWriter w = ChunkFileWriter.create(file, FileKind.EVENTS, true)) {
            w.write(1, 0, noise, noise.length);
            w.write(1, 1, repetitive, repetitive.length);
        }
        try (ChunkScanner s = ChunkScanner.open(file, FileKind.EVENTS)) {
            Chunk a = s.next();
            Chunk b = s.next();
            assertEquals(null, s.next());
            assertEquals(noise.length, a.storedLength(), "noise is stored");
            assertFalse(a.deflated(), "noise is stored");
            assertTrue(java.util.Arrays.equals(noise, a.payload()));
            assertTrue(b.storedLength() < 100, "repetitive bytes deflate, stored in " + b.storedLength());
            assertTrue(b.deflated(), "repetitive bytes deflate");
            assertTrue(java.util.Arrays.equals(repetitive, b.payload()));
            assertEquals(Files.size(file), b.end());
        }
    }

    @Test
    void aThreadWithFewRepeatsIsHuffmanCodedUntilItRepeatsItself() throws Exception {
        Random random = new Random(7);
        int skewedChunks = 40;
        int repetitiveChunks = ChunkDeflater.MAX_PROBE_INTERVAL;
        Path file = tmp.resolve("chunks");
        List<byte[]> written = new ArrayList<>();
        long huffmanChunks;
        try (ChunkFileWriter w = ChunkFileWriter.create(file, FileKind.EVENTS, true)) {
            // Thread 2's start is unlike the rest of it: that costs one probe, not the chunks after it.
            write(w, 2, 0, skewed(random), written);
            write(w, 2, 1, repetitive(0), written);
            for (int i = 0; i < skewedChunks; i++) {
                write(w, 1, i, skewed(random), written);
            }
            for (int i = 0; i < repetitiveChunks; i++) {
                write(w, 1, skewedChunks + i, repetitive(i), written); // thread 1's program now repeats itself
            }
            huffmanChunks = w.huffmanChunks();
        }
        List<Chunk> chunks = new ArrayList<>();
        try (ChunkScanner s = ChunkScanner.open(file, FileKind.EVENTS)) {
            for (Chunk c; (c = s.next()) != null; ) {
                chunks.add(c);
            }
            assertTrue(s.problems().isEmpty(), s.problems().toString());
        }
        assertEquals(written.size(), chunks.size());
        for (int i = 0; i < chunks.size(); i++) {
            assertTrue(
                    java.util.Arrays.equals(written.get(i), chunks.get(i).payload()),
                    "chunk " + chunks.get(i).info());
        }
        assertTrue(
                chunks.get(1).storedLength() < 100,
                "thread 2's second chunk is fully deflated: " + chunks.get(1).storedLength());
        for (Chunk c : chunks.subList(2, 2 + skewedChunks)) {
            assertTrue(c.storedLength() < CHUNK * 0.6, "skewed bytes shrink: " + c.storedLength());
        }
        // Huffman coding alone takes at least a bit a byte; full DEFLATE finds the repeats.
        List<Chunk> repeating = chunks.subList(2 + skewedChunks, chunks.size());
        long huffmanCoded =
                repeating.stream().filter(c -> c.storedLength() >= CHUNK / 8).count();
        assertTrue(huffmanCoded < repetitiveChunks, "thread 1 goes back to full DEFLATE");
        assertTrue(repeating.get(repeating.size() - 1).storedLength() < 100, "within " + repetitiveChunks + " chunks");
        assertEquals(
                1 + skewedChunks + huffmanCoded,
                huffmanChunks,
                "thread 2's first chunk, thread 1's skewed ones and " + huffmanCoded + " repetitive ones");
    }

    @Test
    void longChunksAreProbedOnTheirStartAndCodedWhole() throws Exception {
        Random random = new Random(11);
        int chunks = 12;
        int length = 4 * ChunkDeflater.PROBE_BYTES + 5;
        Path file = tmp.resolve("chunks");
        List<byte[]> written = new ArrayList<>();
        long huffmanChunks;
        try (ChunkFileWriter w = ChunkFileWriter.create(file, FileKind.EVENTS, true)) {
            for (int i = 0; i < chunks; i++) {
                byte[] b = new byte[length];
                for (int k = 0; k < length; k++) {
                    b[k] = (byte) Math.min(15, Integer.numberOfTrailingZeros(random.nextInt() | 1 << 15));
                }
                write(w, 3, i, b, written);
            }
            for (int i = 0; i < chunks; i++) {
                byte[] b = new byte[length];
                for (int k = 0; k < length; k++) {
                    b[k] = (byte) ((k + i) % 7);
                }
                write(w, 4, i, b, written);
            }
            huffmanChunks = w.huffmanChunks();
        }
        assertEquals(chunks, huffmanChunks, "thread 3's skewed chunks, not thread 4's repeats");
        try (ChunkScanner s = ChunkScanner.open(file, FileKind.EVENTS)) {
            for (int i = 0; i < written.size(); i++) {
                Chunk c = s.next();
                assertTrue(java.util.Arrays.equals(written.get(i), c.payload()), "chunk " + c.info());
                double limit = i < chunks ? 0.6 : 0.01; // past the probed start too
                assertTrue(c.storedLength() < length * limit, c.info() + " stored in " + c.storedLength());
            }
            assertTrue(s.problems().isEmpty(), s.problems().toString());
        }
    }

    private static final int CHUNK = 4000;

    /** Bytes drawn from a skewed alphabet: Huffman coding shrinks them, string matching adds little. */
    private static byte[] skewed(Random random) {
        byte[] b = new byte[CHUNK];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Math.min(15, Integer.numberOfTrailingZeros(random.nextInt() | 1 << 15));
        }
        return b;
    }

    private static byte[] repetitive(int shift) {
        byte[] b = new byte[CHUNK];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) ((i + shift) % 7);
        }
        return b;
    }

    private static void write(ChunkFileWriter w, int thread, long sequence, byte[] payload, List<byte[]> written)
            throws java.io.IOException {
        w.write(thread, sequence, payload, payload.length);
        written.add(payload);
    }

    @Test
    void aDeflatedChunkThatDoesNotInflateIsReportedAndTheRestStaysReadable() throws Exception {
        // A writer bug, not damage: the checksum is right, the stream is not (its last bytes zeroed).
        assertFirstChunkRefused(
                (bytes, payloadAt, stored) -> {
                    for (int i = stored - 3; i < stored; i++) {
                        bytes[payloadAt + i] = 0;
                    }
                },
                "inflate");
    }

    @Test
    void aDeflatedChunkLongerThanItDeclaresIsRefused() throws Exception {
        assertFirstChunkRefused(
                (bytes, payloadAt, stored) ->
                        LittleEndian.putInt(bytes, payloadAt, LittleEndian.getInt(bytes, payloadAt) - 1),
                "not the declared");
    }

    private interface PayloadEdit {
        void apply(byte[] file, int payloadAt, int stored);
    }

    /** Edits the first (deflated) chunk's payload, fixes its checksum, and expects just that chunk refused. */
    private void assertFirstChunkRefused(PayloadEdit edit, String reason) throws Exception {
        GeneratedTrace g =
                GeneratedTrace.generate(8, 1, new long[] {1, 2}, new long[] {1, 2, 3}, 600, 256, Encoding.COMPACT);
        g.writeTo(tmp, true);
        Path events = TraceFiles.events(tmp);
        byte[] bytes = Files.readAllBytes(events);
        int first = FileHeader.SIZE;
        int word = LittleEndian.getInt(bytes, first + 16);
        assertNotEquals(0, word & ChunkFormat.DEFLATED, "the first chunk is deflated");
        int stored = word & ChunkFormat.LENGTH_MASK;
        int payloadAt = first + ChunkFormat.HEADER_SIZE;
        edit.apply(bytes, payloadAt, stored);
        CRC32C crc = new CRC32C();
        crc.update(bytes, first + 4, 16);
        crc.update(bytes, payloadAt, stored);
        LittleEndian.putInt(bytes, first + 20, (int) crc.getValue());
        Files.write(events, bytes);

        try (ChunkScanner s = ChunkScanner.open(events, FileKind.EVENTS)) {
            int good = 0;
            while (s.next() != null) {
                good++;
            }
            assertEquals(1, s.problems().size(), s.problems().toString());
            TraceProblem p = s.problems().get(0);
            assertEquals(TraceProblem.Kind.CORRUPT, p.kind());
            assertEquals(first, p.offset());
            assertTrue(p.detail().contains(reason), p.detail());
            assertEquals(g.chunks.size() - 1, good, "every later chunk is still read");
        }
    }

    private static Map<Long, List<TraceEvent>> readThroughIndex(Path dir) throws Exception {
        Map<Long, List<TraceEvent>> all = new HashMap<>();
        try (TraceIndex index = TraceIndex.open(dir)) {
            for (long actor : index.actors()) {
                ActorEventSource source = index.actor(actor);
                List<TraceEvent> events = new ArrayList<>();
                for (TraceEvent e; (e = source.next()) != null; ) {
                    events.add(e);
                }
                all.put(actor, events);
            }
        }
        return all;
    }
}
