package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class DecodedChunksTest {
    private static ChunkEvents chunk(int c) {
        return new ChunkEvents(new ChunkInfo(0, c, c, 100L * c), 0, 0);
    }

    /** Room for {@code n} of the test's chunks, which all retain the same bytes. */
    private static long room(int n) {
        return n * chunk(0).retainedBytes();
    }

    @Test
    void aChunkIsLetGoOnceEachActorInItTookIt() {
        DecodedChunks kept = new DecodedChunks(new int[] {3}, room(10));
        ChunkEvents c = chunk(0);
        assertSame(c, kept.keep(0, c), "decoded for the first actor");
        assertEquals(1, kept.size());
        assertSame(c, kept.take(0), "the second actor");
        assertSame(c, kept.take(0), "the third and last actor");
        assertEquals(0, kept.size(), "no actor will ask for it again");
        assertNull(kept.take(0), "an actor read twice decodes it again");
    }

    @Test
    void aChunkOfOneActorIsNotKept() {
        DecodedChunks kept = new DecodedChunks(new int[] {1, 2}, room(10));
        ChunkEvents c = chunk(0);
        assertSame(c, kept.keep(0, c));
        assertEquals(0, kept.size());
        assertNull(kept.take(0));
    }

    @Test
    void pastTheBoundTheLeastRecentlyTakenGoesFirst() {
        DecodedChunks kept = new DecodedChunks(new int[] {3, 3, 3}, room(2));
        ChunkEvents c0 = chunk(0);
        ChunkEvents c2 = chunk(2);
        kept.keep(0, c0);
        kept.keep(1, chunk(1));
        assertSame(c0, kept.take(0), "chunk 0 taken again: chunk 1 is now the least recent");
        kept.keep(2, c2);
        assertEquals(2, kept.size());
        assertNull(kept.take(1), "pushed out");
        assertSame(c0, kept.take(0));
        assertSame(c2, kept.take(2));
    }

    @Test
    void chunksTheirActorsFinishedMakeRoomForOnesStillAwaited() {
        DecodedChunks kept = new DecodedChunks(new int[] {2, 2, 2}, room(2));
        kept.keep(0, chunk(0));
        kept.take(0); // chunk 0's two actors are done with it
        ChunkEvents c1 = chunk(1);
        ChunkEvents c2 = chunk(2);
        kept.keep(1, c1);
        kept.keep(2, c2);
        assertSame(c1, kept.take(1), "still there: chunk 0 left room for it");
        assertSame(c2, kept.take(2));
        assertEquals(0, kept.size());
    }

    @Test
    void twoActorsDecodingAtOnceShareTheFirstDecoding() {
        DecodedChunks kept = new DecodedChunks(new int[] {3}, room(10));
        ChunkEvents first = chunk(0);
        kept.keep(0, first);
        assertSame(first, kept.keep(0, chunk(0)), "the second decoding is dropped");
        assertSame(first, kept.take(0));
        assertEquals(0, kept.size(), "three actors, three takings");
    }

    @Test
    void aChunkLargerThanTheBoundStaysUntilAnotherComes() {
        DecodedChunks kept = new DecodedChunks(new int[] {2, 2}, 1);
        ChunkEvents c0 = chunk(0);
        kept.keep(0, c0);
        assertEquals(1, kept.size(), "the one chunk kept whatever its size: its other actor is likely near");
        kept.keep(1, chunk(1));
        assertEquals(1, kept.size());
        assertNull(kept.take(0));
    }
}
