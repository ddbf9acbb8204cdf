package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ActorChunksTest {
    private final List<ActorChunks> opened = new java.util.ArrayList<>();

    private ActorChunks opened(ActorChunks index) {
        opened.add(index);
        return index;
    }

    @org.junit.jupiter.api.AfterEach
    void closeTheIndexes() throws Exception {
        for (ActorChunks index : opened) {
            index.close();
        }
    }

    @Test
    void manyActorsKeepTheirChunksInCounterOrderAndCanBeForgotten() throws Exception {
        ActorChunks index = opened(new ActorChunks());
        int actors = 5000;
        // Three chunks, the second written after the third (another thread's buffer flushed late).
        long[][] chunkCounters = {{0, 1}, {4, 5}, {2, 3}};
        for (int c = 0; c < 3; c++) {
            index.startChunk(1000L * c, c);
            for (int a = 0; a < actors; a++) {
                for (long counter : chunkCounters[c]) {
                    index.add(a * 7 - 100, counter, 1);
                }
            }
        }
        index.compact();
        assertEquals(actors, index.actors().length);
        assertEquals(
                List.of(
                        new ActorChunks.Entry(0, 0, 0, 0, 1, 2 * actors, 2 * actors),
                        new ActorChunks.Entry(2000, 2, 2, 2, 3, 2 * actors, 2 * actors),
                        new ActorChunks.Entry(1000, 1, 1, 4, 5, 2 * actors, 2 * actors)),
                entries(index, 4999 * 7 - 100));
        int[] actorsPerChunk = index.takeActorsPerChunk();
        assertEquals(3, actorsPerChunk.length);
        for (int c = 0; c < 3; c++) {
            assertEquals(actors, actorsPerChunk[c], "every actor has subtraces in chunk " + c);
        }
        assertThrows(IllegalStateException.class, index::takeActorsPerChunk, "handed over once");
        index.forget(-100);
        assertEquals(List.of(), entries(index, -100));
        assertEquals(3, entries(index, -93).size(), "forgetting one actor leaves the others");
        assertEquals(List.of(), entries(index, 123456), "an actor without events");
    }

    @Test
    void smallIdsAndLargeOnesAreKeptApart() throws Exception {
        // Small ids are kept by id; outside sources (2^48 up), the recorder and negative ids by hash.
        long[] ids = {16, 17, 300_000, ActorChunks.DENSE_IDS - 1, ActorChunks.DENSE_IDS, 1L << 48, Long.MAX_VALUE, -5};
        ActorChunks index = opened(new ActorChunks());
        for (int c = 0; c < 2; c++) {
            index.startChunk(100L * c, c);
            for (long id : ids) {
                index.add(id, c, 1);
                index.add(id, c + 10, 1);
            }
        }
        index.compact();
        for (long id : ids) {
            assertEquals(
                    List.of(
                            new ActorChunks.Entry(0, 0, 0, 0, 10, 2 * ids.length, 2 * ids.length),
                            new ActorChunks.Entry(100, 1, 1, 1, 11, 2 * ids.length, 2 * ids.length)),
                    entries(index, id),
                    "actor " + id);
        }
        assertEquals(
                Set.of(
                        16L,
                        17L,
                        300_000L,
                        ActorChunks.DENSE_IDS - 1,
                        ActorChunks.DENSE_IDS,
                        1L << 48,
                        Long.MAX_VALUE,
                        -5L),
                Arrays.stream(index.actors()).boxed().collect(Collectors.toSet()));
        assertEquals(List.of(), entries(index, 18), "an id between two actors'");
        index.forget(ActorChunks.DENSE_IDS);
        index.forget(300_000);
        assertEquals(List.of(), entries(index, ActorChunks.DENSE_IDS));
        assertEquals(List.of(), entries(index, 300_000));
        assertEquals(2, entries(index, ActorChunks.DENSE_IDS - 1).size());
        assertEquals(ids.length, index.actors().length, "forgotten actors are still the trace's");
    }

    @Test
    void countersUnwrapPast32Bits() throws Exception {
        ActorChunks index = opened(new ActorChunks());
        index.startChunk(0, 0);
        index.add(1, 0xFFFF_FFFEL, 1);
        index.startChunk(100, 1);
        index.add(1, 0xFFFF_FFFFL, 1);
        index.add(1, 0, 1);
        index.add(1, 1, 1);
        index.compact();
        assertEquals(
                List.of(
                        new ActorChunks.Entry(0, 0, 0, 0xFFFF_FFFEL, 0xFFFF_FFFEL, 1, 1),
                        new ActorChunks.Entry(100, 1, 1, 0xFFFF_FFFFL, 0x1_0000_0001L, 3, 3)),
                entries(index, 1));
        assertEquals(1, index.takeActorsPerChunk()[1], "one actor, however many subtraces");
    }

    @Test
    void compactedEntriesAreTheSameAsTheOnesAddedInAnyOrder() throws Exception {
        // Actors whose subtraces are spread over many chunks out of counter order (threads'
        // buffers flushed late), compared with the entries worked out by hand.
        compactedEntriesMatch(7, 50, 400, 0, MappedStore.SEGMENT_BITS);
    }

    @Test
    void entriesPastASegmentAndChunksWithoutSubtracesKeepTheirChunks() throws Exception {
        // Stores mapped in 4 KB segments, so entries, ids and varints cross hundreds of them, and
        // every fifth chunk empty: an entry's chunk is found from the first entry number of each
        // chunk, which empty chunks share.
        compactedEntriesMatch(11, 700, 250, 5, 12);
    }

    private void compactedEntriesMatch(long seed, int actorCount, int chunkCount, int emptyEvery, int segmentBits)
            throws Exception {
        java.util.Random random = new java.util.Random(seed);
        long[] next = new long[actorCount];
        List<List<ActorChunks.Entry>> expected = new java.util.ArrayList<>();
        for (int a = 0; a < actorCount; a++) {
            expected.add(new java.util.ArrayList<>());
        }
        ActorChunks index = opened(new ActorChunks(segmentBits));
        int[][] perChunk = new int[chunkCount][actorCount];
        long[][] low = new long[chunkCount][actorCount];
        long[][] high = new long[chunkCount][actorCount];
        // Counters handed out in order, then the chunks written in a shuffled order.
        for (int c = 0; c < chunkCount; c++) {
            for (int a = 0; a < actorCount; a++) {
                int n = emptyEvery > 0 && c % emptyEvery == 0 ? 0 : random.nextInt(4);
                perChunk[c][a] = n;
                low[c][a] = next[a];
                next[a] += n;
                high[c][a] = next[a] - 1;
            }
        }
        List<Integer> fileOrder = new java.util.ArrayList<>();
        for (int c = 0; c < chunkCount; c++) {
            fileOrder.add(c);
        }
        java.util.Collections.shuffle(fileOrder, random);
        int[] subtracesIn = new int[chunkCount];
        int[] actorsIn = new int[chunkCount];
        for (int f = 0; f < chunkCount; f++) {
            int c = fileOrder.get(f);
            for (int a = 0; a < actorCount; a++) {
                subtracesIn[f] += perChunk[c][a];
                actorsIn[f] += perChunk[c][a] > 0 ? 1 : 0;
            }
        }
        for (int f = 0; f < chunkCount; f++) {
            int c = fileOrder.get(f);
            index.startChunk(1000L * f, f);
            for (int a = 0; a < actorCount; a++) {
                for (int k = 0; k < perChunk[c][a]; k++) {
                    index.add(a, low[c][a] + k, 2);
                }
            }
        }
        for (int c = 0; c < chunkCount; c++) {
            int f = fileOrder.indexOf(c);
            for (int a = 0; a < actorCount; a++) {
                if (perChunk[c][a] > 0) {
                    expected.get(a)
                            .add(new ActorChunks.Entry(
                                    1000L * f, f, f, low[c][a], high[c][a], subtracesIn[f], 2 * subtracesIn[f]));
                }
            }
        }
        index.compact();
        for (int a = 0; a < actorCount; a++) {
            assertEquals(expected.get(a), entries(index, a), "actor " + a);
        }
        assertArrayEquals(actorsIn, index.takeActorsPerChunk(), "actors in each chunk");
    }

    /** Every entry of {@code actor}, read through its cursor. */
    private static List<ActorChunks.Entry> entries(ActorChunks index, long actor) {
        ActorChunks.Entries cursor = index.of(actor);
        List<ActorChunks.Entry> out = new ArrayList<>();
        while (cursor.hasNext()) {
            long min = cursor.nextMinCounter();
            ActorChunks.Entry e = cursor.next();
            assertEquals(min, e.minCounter(), "the lowest counter read ahead");
            out.add(e);
        }
        return out;
    }
}
