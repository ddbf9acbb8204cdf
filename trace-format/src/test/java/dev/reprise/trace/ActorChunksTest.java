package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ActorChunksTest {
    @Test
    void manyActorsKeepTheirChunksInCounterOrderAndCanBeForgotten() {
        ActorChunks index = new ActorChunks();
        int actors = 5000;
        // Three chunks, the second written after the third (another thread's buffer flushed late).
        long[][] chunkCounters = {{0, 1}, {4, 5}, {2, 3}};
        for (int c = 0; c < 3; c++) {
            index.startChunk(1000L * c, c);
            for (int a = 0; a < actors; a++) {
                for (long counter : chunkCounters[c]) {
                    index.add(a * 7 - 100, counter);
                }
            }
        }
        index.trim();
        assertEquals(actors, index.actors().length);
        assertEquals(
                List.of(
                        new ActorChunks.Entry(0, 0, 0, 1),
                        new ActorChunks.Entry(2000, 2, 2, 3),
                        new ActorChunks.Entry(1000, 1, 4, 5)),
                index.of(4999 * 7 - 100));
        index.forget(-100);
        assertEquals(List.of(), index.of(-100));
        assertEquals(3, index.of(-93).size(), "forgetting one actor leaves the others");
        assertEquals(List.of(), index.of(123456), "an actor without events");
    }

    @Test
    void smallIdsAndLargeOnesAreKeptApart() {
        // Small ids are kept by id; outside sources (2^48 up), the recorder and negative ids by hash.
        long[] ids = {16, 17, 300_000, ActorChunks.DENSE_IDS - 1, ActorChunks.DENSE_IDS, 1L << 48, Long.MAX_VALUE, -5};
        ActorChunks index = new ActorChunks();
        for (int c = 0; c < 2; c++) {
            index.startChunk(100L * c, c);
            for (long id : ids) {
                index.add(id, c);
                index.add(id, c + 10);
            }
        }
        index.trim();
        for (long id : ids) {
            assertEquals(
                    List.of(new ActorChunks.Entry(0, 0, 0, 10), new ActorChunks.Entry(100, 1, 1, 11)),
                    index.of(id),
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
        assertEquals(List.of(), index.of(18), "an id between two actors'");
        index.forget(ActorChunks.DENSE_IDS);
        index.forget(300_000);
        assertEquals(List.of(), index.of(ActorChunks.DENSE_IDS));
        assertEquals(List.of(), index.of(300_000));
        assertEquals(2, index.of(ActorChunks.DENSE_IDS - 1).size());
        assertEquals(ids.length, index.actors().length, "forgotten actors are still the trace's");
    }

    @Test
    void countersUnwrapPast32Bits() {
        ActorChunks index = new ActorChunks();
        index.startChunk(0, 0);
        index.add(1, 0xFFFF_FFFEL);
        index.startChunk(100, 1);
        index.add(1, 0xFFFF_FFFFL);
        index.add(1, 0);
        index.add(1, 1);
        assertEquals(
                List.of(
                        new ActorChunks.Entry(0, 0, 0xFFFF_FFFEL, 0xFFFF_FFFEL),
                        new ActorChunks.Entry(100, 1, 0xFFFF_FFFFL, 0x1_0000_0001L)),
                index.of(1));
    }
}
