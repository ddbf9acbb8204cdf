package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ActorRuns}, the arrays-based reader behind {@link TraceIndex#actor}, gives each actor the
 * same events, fingerprints and subtraces as the sequential {@link TraceReader} does.
 */
class ActorRunsTest {
    @TempDir
    Path tmp;

    /** What a reader gives: each event with its fingerprint, subtrace counter and chunk. */
    private static List<String> walk(ActorEventSource s) throws Exception {
        List<String> out = new ArrayList<>();
        for (TraceEvent e; (e = s.next()) != null; ) {
            Subtrace at = s.currentSubtrace();
            out.add(e + " mark " + s.fingerprint() + " in subtrace " + at.counter() + " of " + at.origin() + " ("
                    + at.events().size() + " events)");
        }
        out.add("end, missing " + s.missingSubtrace());
        return out;
    }

    private static void assertSameAsSequentialReader(Path dir, String what) throws Exception {
        try (TraceIndex index = TraceIndex.open(dir);
                TraceReader reader = TraceReader.open(dir)) {
            for (long actor : index.actors()) {
                assertEquals(walk(reader.actor(actor)), walk(index.actor(actor)), what + ", actor " + actor);
            }
        }
    }

    @Test
    void everyActorGetsWhatTheSequentialReaderGivesWhateverTheChunkOrder() throws Exception {
        for (long seed = 1; seed <= 6; seed++) {
            // Four threads: an actor's subtraces are split across chunks of different threads.
            GeneratedTrace g = GeneratedTrace.generate(
                    seed,
                    4,
                    new long[] {1, 2, 3, 300, 70000, 1L << 40},
                    GeneratedTrace.BOUNDARY_IDS,
                    800,
                    128,
                    Encoding.COMPACT);
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < g.chunks.size(); i++) {
                order.add(i);
            }
            Collections.shuffle(order, new Random(seed));
            Path dir = tmp.resolve("t" + seed);
            g.writeTo(dir, order);
            assertSameAsSequentialReader(dir, "seed " + seed);
        }
    }

    @Test
    void aDamagedChunkEndsItsActorsWhereTheSequentialReaderEndsThem() throws Exception {
        GeneratedTrace g = GeneratedTrace.generate(
                7, 3, new long[] {1, 2, 3}, new long[] {1, 2, 3, 400}, 400, 128, Encoding.COMPACT);
        Path dir = tmp.resolve("damaged");
        g.writeTo(dir, false);
        Path events = TraceFiles.events(dir);
        byte[] bytes = Files.readAllBytes(events);
        bytes[bytes.length / 2] ^= 0x10; // inside some chunk's payload: its checksum fails
        Files.write(events, bytes);
        try (TraceIndex index = TraceIndex.open(dir)) {
            assertTrue(!index.problems().isEmpty(), "the damage is reported");
            boolean someGap = false;
            for (long actor : index.actors()) {
                ActorEventSource s = index.actor(actor);
                while (s.next() != null) {
                    // read to the end
                }
                someGap |= s.missingSubtrace() >= 0;
            }
            assertTrue(someGap, "an actor with a subtrace in the damaged chunk stops at it");
        }
        assertSameAsSequentialReader(dir, "damaged");
    }

    @Test
    void countersWrapPast32BitsAcrossChunksOfTwoThreads() throws Exception {
        // Actor 5's subtraces 2^32-2 .. 2^32+3 alternate between thread 1's chunk and thread 2's; the later chunk
        // first.
        long first = 0xFFFF_FFFEL;
        EventBuffer one = new EventBuffer(4096, Encoding.COMPACT);
        EventBuffer two = new EventBuffer(4096, Encoding.COMPACT);
        List<TraceEvent> expected = new ArrayList<>();
        for (long c = first; c < first + 6; c++) {
            EventBuffer b = (c & 1) == 0 ? one : two;
            b.subtraceStart(5, (int) c);
            for (int i = 0; i <= (int) (c - first); i++) {
                b.message(100 + c - first);
                expected.add(new TraceEvent.Message(100 + c - first));
            }
            b.subtraceStart(9, (int) c); // another actor in the same chunk
            b.systemCall(1);
        }
        Map<Long, ChunkEvents> chunks = new HashMap<>();
        ActorChunks index = new ActorChunks();
        long offset = 0;
        for (EventBuffer b : List.of(two, one)) {
            ChunkEvents decoded = new ChunkDecoder(FileHeader.VERSION)
                    .decodeEvents(b.array(), b.size(), new ChunkInfo(b == one ? 1 : 2, 0, offset, offset), 0, 0);
            chunks.put(offset, decoded);
            index.startChunk(offset, offset);
            for (Subtrace s : decoded.subtraces()) {
                index.add(s.actor(), s.counter(), s.events().size());
            }
            offset++;
        }
        index.compact();
        ActorRuns runs = new ActorRuns(5, index.of(5), e -> chunks.get(e.offset()), first);
        List<TraceEvent> got = new ArrayList<>();
        List<Long> counters = new ArrayList<>();
        for (TraceEvent e; (e = runs.next()) != null; ) {
            got.add(e);
            counters.add(runs.currentSubtrace().counter());
        }
        assertEquals(expected, got);
        assertEquals(first + 5, counters.get(counters.size() - 1), "the counter goes on past 2^32");
        assertEquals(-1, runs.missingSubtrace());
        assertNull(runs.next());
    }

    @Test
    void chunksAreDecodedIntoArraysThatGiveTheSameSubtracesAsTheListDecoder() throws Exception {
        GeneratedTrace g = GeneratedTrace.generate(
                11, 2, new long[] {1, 2, 3}, GeneratedTrace.BOUNDARY_IDS, 300, 256, Encoding.COMPACT);
        for (GeneratedTrace.EncodedChunk c : g.chunks) {
            ChunkInfo info = new ChunkInfo(c.thread(), c.sequence(), 0, 0);
            ChunkEvents arrays =
                    new ChunkDecoder(FileHeader.VERSION).decodeEvents(c.payload(), c.payload().length, info, 0, 0);
            List<Subtrace> subtraces = arrays.subtraces();
            int n = 0;
            for (int s = 0; s < subtraces.size(); s++) {
                Subtrace st = subtraces.get(s);
                n += st.events().size();
                int i = 0;
                for (int e = arrays.start(s); e < arrays.end(s); e++) {
                    assertEquals(st.events().get(i++), arrays.event(e));
                }
            }
            assertEquals(n, arrays.eventCount());
            // Sized by the index's counts, as replay decodes: the same subtraces as grown from a few entries.
            ChunkEvents sized = new ChunkDecoder(FileHeader.VERSION)
                    .decodeEvents(c.payload(), c.payload().length, info, subtraces.size(), n);
            List<Subtrace> same = sized.subtraces();
            assertEquals(subtraces.size(), same.size());
            for (int s = 0; s < subtraces.size(); s++) {
                Subtrace want = subtraces.get(s);
                Subtrace got = same.get(s);
                assertEquals(want.actor(), got.actor());
                assertEquals(want.counter(), got.counter());
                assertEquals(want.events(), got.events());
                assertArrayEquals(want.marks(), got.marks());
            }
            assertEquals(n, sized.eventCount());
        }
    }
}
