package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceIndexTest {
    @TempDir
    Path tmp;

    private static List<TraceEvent> all(ActorEventSource s) throws Exception {
        List<TraceEvent> out = new ArrayList<>();
        for (TraceEvent e; (e = s.next()) != null; ) {
            out.add(e);
        }
        return out;
    }

    /** A trace in {@code dir} whose events file holds {@code chunks}, written by one thread in order. */
    private static void writeTrace(Path dir, String program, List<byte[]> chunks) throws Exception {
        try (TraceWriter w = TraceWriter.create(dir, TraceMetadata.begin(program, Map.of()))) {
            long seq = 0;
            for (byte[] c : chunks) {
                w.writeEvents(1, seq++, c, c.length);
            }
            w.finish(Map.of());
        }
    }

    @Test
    void everyActorReadsItsOwnEventsInOrderWhateverTheChunkOrder() throws Exception {
        for (long seed = 1; seed <= 4; seed++) {
            GeneratedTrace g = GeneratedTrace.generate(
                    seed, 3, new long[] {1, 2, 3, 300, 70000}, GeneratedTrace.BOUNDARY_IDS, 600, 128, Encoding.COMPACT);
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < g.chunks.size(); i++) {
                order.add(i);
            }
            Collections.shuffle(order, new Random(seed));
            Path dir = tmp.resolve("t" + seed);
            g.writeTo(dir, order);
            try (TraceIndex index = TraceIndex.open(dir)) {
                for (Map.Entry<Long, List<TraceEvent>> e : g.expected.entrySet()) {
                    ActorEventSource s = index.actor(e.getKey());
                    assertEquals(e.getValue(), all(s), "actor " + e.getKey() + ", seed " + seed);
                    assertEquals(-1, s.missingSubtrace());
                }
                assertEquals(List.of(), index.problems());
            }
        }
    }

    @Test
    void actorsThatShareChunksDecodeEachChunkOnce() throws Exception {
        // 200 actors take turns on one thread, as accounts do in BankTransaction: every chunk holds many of them.
        long[] actors = new long[200];
        for (int i = 0; i < actors.length; i++) {
            actors[i] = 1000 + i;
        }
        GeneratedTrace g =
                GeneratedTrace.generate(3, 1, actors, new long[] {1, 2, 3, 1000, 1001}, 3_000, 1024, Encoding.COMPACT);
        g.writeTo(tmp);
        try (TraceIndex index = TraceIndex.open(tmp)) {
            // Replay-like: all actors advance together, one event at a time.
            Map<Long, ActorEventSource> sources = new java.util.HashMap<>();
            Map<Long, List<TraceEvent>> got = new java.util.HashMap<>();
            for (long a : g.expected.keySet()) {
                sources.put(a, index.actor(a));
                got.put(a, new ArrayList<>());
            }
            for (boolean any = true; any; ) {
                any = false;
                for (Map.Entry<Long, ActorEventSource> e : sources.entrySet()) {
                    TraceEvent ev = e.getValue().next();
                    if (ev != null) {
                        got.get(e.getKey()).add(ev);
                        any = true;
                    }
                }
            }
            assertEquals(g.expected, got);
            assertTrue(g.chunks.size() > 30, g.chunks.size() + " chunks");
            assertEquals(g.chunks.size(), index.chunksRead(), "each chunk decoded once, not once per actor in it");
        }
    }

    @Test
    void actorsFarApartInTheTraceDecodeEachChunkOnce() throws Exception {
        // ForkJoinThroughput under the default dispatcher: 60 actors each get runs of messages from one sender, 30,000
        // events a chunk; the pool runs one actor long before the next, so they read the trace far apart. Kept by
        // event count (256k), 8 such chunks fit, and each actor decoded every chunk again: replay took 30 times as long
        // as the recording. Repeated messages share one event, so the chunks are small on the heap and all stay.
        int actors = 60;
        int chunks = 40;
        List<byte[]> written = new ArrayList<>();
        EventBuffer b = new EventBuffer(1 << 16, Encoding.COMPACT);
        for (int c = 0; c < chunks; c++) {
            b.clear();
            for (int a = 0; a < actors; a++) {
                b.subtraceStart(100 + a, c);
                for (int i = 0; i < 500; i++) {
                    b.message(7);
                }
            }
            written.add(java.util.Arrays.copyOf(b.array(), b.size()));
        }
        writeTrace(tmp, "far-apart", written);
        try (TraceIndex index = TraceIndex.open(tmp)) {
            for (int a = 0; a < actors; a++) { // each actor reads all of its events before the next starts
                List<TraceEvent> events = all(index.actor(100 + a));
                assertEquals(chunks * 500, events.size());
                assertTrue(events.stream().allMatch(new TraceEvent.Message(7)::equals));
            }
            assertEquals(
                    chunks,
                    index.chunksRead(),
                    "each chunk decoded once (kept: " + TraceIndex.DECODED_BYTES_KEPT + " bytes)");
        }
    }

    @Test
    void anActorThatSleepsUntilTheEndDoesNotMakeTheIndexReadAhead() throws Exception {
        // Actor 9 has a subtrace at the very start and one at the very end; actor 5 fills 200 chunks between.
        List<byte[]> chunks = new ArrayList<>();
        EventBuffer b = new EventBuffer(256, Encoding.COMPACT);
        b.subtraceStart(9, 0);
        b.message(1);
        chunks.add(java.util.Arrays.copyOf(b.array(), b.size()));
        for (int c = 0; c < 200; c++) {
            b.clear();
            b.subtraceStart(5, c);
            for (int i = 0; i < 50; i++) {
                b.message(i % 3);
            }
            chunks.add(java.util.Arrays.copyOf(b.array(), b.size()));
        }
        b.clear();
        b.subtraceStart(9, 1);
        b.message(2);
        chunks.add(java.util.Arrays.copyOf(b.array(), b.size()));
        writeTrace(tmp, "sleepy", chunks);
        try (TraceIndex index = TraceIndex.open(tmp)) {
            ActorEventSource sleepy = index.actor(9);
            assertEquals(List.of(new TraceEvent.Message(1), new TraceEvent.Message(2)), all(sleepy));
            assertEquals(2, index.chunksRead(), "only actor 9's two chunks were read");
            ActorEventSource busy = index.actor(5);
            assertEquals(200 * 50, all(busy).size());
            assertTrue(index.chunksRead() <= 202);
        }
    }

    @Test
    void aMissingChunkEndsTheActorAtTheGap() throws Exception {
        GeneratedTrace g =
                GeneratedTrace.generate(3, 2, new long[] {1, 2}, new long[] {1, 2, 3}, 300, 128, Encoding.COMPACT);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < g.chunks.size(); i++) {
            if (i != 3) {
                order.add(i);
            }
        }
        g.writeTo(tmp, order);
        try (TraceIndex index = TraceIndex.open(tmp)) {
            boolean someGap = false;
            for (long actor : g.expected.keySet()) {
                ActorEventSource s = index.actor(actor);
                List<TraceEvent> got = all(s);
                assertEquals(g.expected.get(actor).subList(0, got.size()), got, "a prefix, for actor " + actor);
                someGap |= s.missingSubtrace() >= 0;
            }
            assertTrue(someGap, "the missing chunk shows as a gap");
        }
    }
}
