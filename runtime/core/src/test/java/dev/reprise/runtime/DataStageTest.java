package dev.reprise.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/**
 * {@link DataStage}: a writer that drains while its owner appends gets every entry, whole and in
 * order, values larger than a chunk included; every byte of room a chunk reserved is given back;
 * and at the bound an entry is dropped (drop policy) or waits for the writer (block policy).
 */
class DataStageTest {
    private static final int ENTRIES = 300_000;

    private record Entry(long owner, long dataId, byte[] value) {}

    @Test
    void aWriterDrainingWhileTheOwnerAppendsGetsEveryEntryInOrder() throws Exception {
        DataMemory memory = new DataMemory(64 * 1024);
        DataStage stage = new DataStage(256);
        LongAdder blocked = new LongAdder();
        Thread owner = new Thread(() -> {
            Random random = new Random(7);
            for (int i = 0; i < ENTRIES; i++) {
                int length = random.nextInt(50) == 0
                        ? 300 + random.nextInt(300)
                        : random.nextInt(12); // some larger than a chunk
                assertTrue(stage.offer(i % 5, i, value(i, length), memory, () -> true, blocked));
            }
        });
        List<Entry> got = new ArrayList<>();
        DataStage.Sink sink = (o, d, bytes, offset, length) ->
                got.add(new Entry(o, d, Arrays.copyOfRange(bytes, offset, offset + length)));
        owner.start();
        while (owner.isAlive()) {
            memory.written(stage.drain(sink));
        }
        owner.join();
        memory.written(stage.retire(sink));

        assertEquals(ENTRIES, got.size());
        Random random = new Random(7);
        for (int i = 0; i < ENTRIES; i++) {
            int length = random.nextInt(50) == 0 ? 300 + random.nextInt(300) : random.nextInt(12);
            Entry e = got.get(i);
            assertEquals(i % 5, e.owner());
            assertEquals(i, e.dataId());
            assertArrayEquals(value(i, length), e.value(), "entry " + i);
        }
        assertEquals(0, memory.queued(), "every chunk's room was given back");
    }

    @Test
    void atTheBoundAnEntryIsDroppedOrWaitsForTheWriter() throws Exception {
        DataMemory memory = new DataMemory(1024);
        DataStage stage = new DataStage(64);
        LongAdder blocked = new LongAdder();
        int fit = 0;
        while (stage.offer(1, fit + 1, new byte[40], memory, () -> false, blocked)) { // a chunk per entry
            fit++;
        }
        assertEquals(1024 / 64, fit, "chunks up to the bound, then a refusal");
        assertEquals(0, blocked.sum(), "drop never waits");

        List<Long> written = new ArrayList<>();
        DataStage.Sink sink = (o, d, bytes, offset, length) -> written.add(d);
        Thread waiting = new Thread(() -> assertTrue(stage.offer(1, 100, new byte[40], memory, () -> true, blocked)));
        waiting.start();
        waiting.join(300);
        assertTrue(waiting.isAlive(), "a thread that may wait waits for room");
        memory.written(stage.drain(sink));
        waiting.join(10_000);
        assertFalse(waiting.isAlive(), "the writer's drain made room");
        memory.written(stage.retire(sink));
        assertEquals(fit + 1, written.size());
        assertEquals(100L, written.get(written.size() - 1));
        assertEquals(0, memory.queued());
    }

    private static byte[] value(int i, int length) {
        byte[] v = new byte[length];
        for (int k = 0; k < length; k++) {
            v[k] = (byte) (i * 31 + k);
        }
        return v;
    }
}
