package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
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
        assertEquals(actors, index.actors().size());
        assertEquals(-100, index.actors().get(0));
        assertEquals(List.of(new ActorChunks.Entry(0, 0, 0, 1), new ActorChunks.Entry(2000, 2, 2, 3),
                new ActorChunks.Entry(1000, 1, 4, 5)), index.of(4999 * 7 - 100));
        index.forget(-100);
        assertEquals(List.of(), index.of(-100));
        assertEquals(3, index.of(-93).size(), "forgetting one actor leaves the others");
        assertEquals(List.of(), index.of(123456), "an actor without events");
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
        assertEquals(List.of(new ActorChunks.Entry(0, 0, 0xFFFF_FFFEL, 0xFFFF_FFFEL),
                new ActorChunks.Entry(100, 1, 0xFFFF_FFFFL, 0x1_0000_0001L)), index.of(1));
    }
}
