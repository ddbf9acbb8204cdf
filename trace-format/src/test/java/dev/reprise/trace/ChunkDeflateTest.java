package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        GeneratedTrace g = GeneratedTrace.generate(5, 2, new long[] {1, 2, 3, 300}, new long[] {1, 2, 3, 4, 70000},
                4000, 4096, Encoding.COMPACT);
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
            assertTrue(java.util.Arrays.equals(noise, a.payload()));
            assertTrue(b.storedLength() < 100, "repetitive bytes deflate, stored in " + b.storedLength());
            assertTrue(java.util.Arrays.equals(repetitive, b.payload()));
            assertEquals(Files.size(file), b.end());
        }
    }

    @Test
    void aThreadWithFewRepeatsIsHuffmanCodedUntilItRepeatsItself() throws Exception {
        // Bytes drawn from a skewed alphabet: Huffman coding shrinks them, string matching adds little.
        Random random = new Random(7);
        byte[] skewed = new byte[4000];
        byte[] repetitive = new byte[4000];
        for (int i = 0; i < skewed.length; i++) {
            skewed[i] = (byte) Math.min(15, Integer.numberOfTrailingZeros(random.nextInt() | 1 << 15));
            repetitive[i] = (byte) (i % 7);
        }
        int repeats = ChunkDeflater.PROBE_EVERY;
        Path file = tmp.resolve("chunks");
        long huffmanChunks;
        try (ChunkFileWriter w = ChunkFileWriter.create(file, FileKind.EVENTS, true)) {
            w.write(1, 0, skewed, skewed.length);
            w.write(2, 0, repetitive, repetitive.length);
            for (int i = 1; i <= repeats; i++) {
                w.write(1, i, repetitive, repetitive.length); // thread 1's program now repeats itself
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
        assertEquals(repeats + 2, chunks.size());
        assertTrue(java.util.Arrays.equals(skewed, chunks.get(0).payload()));
        assertTrue(chunks.get(0).storedLength() < skewed.length * 0.6, "skewed bytes shrink: " + chunks.get(0).storedLength());
        for (Chunk c : chunks.subList(1, chunks.size())) {
            assertTrue(java.util.Arrays.equals(repetitive, c.payload()), "chunk " + c.info());
        }
        assertTrue(chunks.get(1).storedLength() < 100, "thread 2 repeats itself from the start: " + chunks.get(1).storedLength());
        // Huffman coding alone takes at least a bit per byte, until thread 1's next try of both codings.
        for (int i = 2; i < repeats + 1; i++) {
            assertTrue(chunks.get(i).storedLength() >= repetitive.length / 8, "chunk " + i + ": " + chunks.get(i).storedLength());
        }
        assertTrue(chunks.get(repeats + 1).storedLength() < 100,
                "the next try finds the repeats: " + chunks.get(repeats + 1).storedLength());
        assertEquals(repeats, huffmanChunks, "thread 1's first " + repeats + " chunks");
    }

    @Test
    void aDeflatedChunkThatDoesNotInflateIsReportedAndTheRestStaysReadable() throws Exception {
        // A writer bug, not damage: the checksum is right, the stream is not (its last bytes zeroed).
        assertFirstChunkRefused((bytes, payloadAt, stored) -> {
            for (int i = stored - 3; i < stored; i++) {
                bytes[payloadAt + i] = 0;
            }
        }, "inflate");
    }

    @Test
    void aDeflatedChunkLongerThanItDeclaresIsRefused() throws Exception {
        assertFirstChunkRefused((bytes, payloadAt, stored) ->
                LittleEndian.putInt(bytes, payloadAt, LittleEndian.getInt(bytes, payloadAt) - 1), "not the declared");
    }

    private interface PayloadEdit {
        void apply(byte[] file, int payloadAt, int stored);
    }

    /** Edits the first (deflated) chunk's payload, fixes its checksum, and expects just that chunk refused. */
    private void assertFirstChunkRefused(PayloadEdit edit, String reason) throws Exception {
        GeneratedTrace g = GeneratedTrace.generate(8, 1, new long[] {1, 2}, new long[] {1, 2, 3}, 600, 256,
                Encoding.COMPACT);
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
