package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link DataIndex} finds every entry put, in order or not, with gaps, twice, and after forgetting others. */
class DataIndexTest {
    @Test
    void idsWrittenBeforeEarlierOnesOfTheSameActorAreFound() {
        // An actor that ran on two threads: each thread's entries in order, the threads' interleaved.
        DataIndex index = new DataIndex();
        long[] order = {5, 6, 3, 4, 1, 2, 7};
        for (long dataId : order) {
            assertTrue(index.put(9, dataId, dataId * 100, (int) dataId));
        }
        long far = DataIndex.LARGEST_GAP * 3L;
        assertTrue(index.put(10, far, 1, 1));
        assertTrue(index.put(10, 1, 2, 2)); // far below the first id seen: kept apart, still found
        assertEquals(order.length + 2, index.size());
        for (long dataId : order) {
            assertEquals(new DataIndex.Location(dataId * 100, (int) dataId), index.find(9, dataId));
        }
        assertArrayEquals(new long[] {1, 2, 3, 4, 5, 6, 7}, index.dataIdsOf(9));
        assertNull(index.find(9, 8));
        assertNull(index.find(9, 0));
        assertEquals(new DataIndex.Location(2, 2), index.find(10, 1));
        assertArrayEquals(new long[] {1, far}, index.dataIdsOf(10));
    }

    @Test
    void findsEveryEntryWhateverTheOrderOfIds() {
        DataIndex index = new DataIndex();
        Map<String, long[]> expected = new HashMap<>();
        Random random = new Random(42);
        long offset = 0;
        for (long actor = 1; actor <= 50; actor++) {
            long id = 1 + random.nextInt(3);
            for (int k = 0; k < 200; k++) {
                // mostly consecutive, sometimes a small gap (dropped entries), a wide one, or an earlier id
                int pick = random.nextInt(20);
                long dataId = pick == 0
                        ? id + 1 + random.nextInt(100)
                        : pick == 1
                                ? id + DataIndex.LARGEST_GAP * 2L
                                : pick == 2 && id > 5 ? id - 5 - random.nextInt(3) : id;
                int length = 1 + random.nextInt(40);
                boolean fresh = !expected.containsKey(actor + ":" + dataId);
                assertEquals(fresh, index.put(actor, dataId, offset, length), "put of " + actor + ":" + dataId);
                expected.put(actor + ":" + dataId, new long[] {offset, length});
                offset += length + 3;
                id = Math.max(id, dataId) + 1;
            }
        }
        assertEquals(expected.size(), index.size());
        expected.forEach((key, where) -> {
            String[] f = key.split(":");
            long actor = Long.parseLong(f[0]);
            long dataId = Long.parseLong(f[1]);
            assertEquals(new DataIndex.Location(where[0], (int) where[1]), index.find(actor, dataId), key);
        });
        assertNull(index.find(51, 1), "an actor without entries");
        long[] ids = expected.keySet().stream()
                .filter(k -> k.startsWith("7:"))
                .mapToLong(k -> Long.parseLong(k.substring(2)))
                .sorted()
                .toArray();
        assertArrayEquals(ids, index.dataIdsOf(7));
        for (long dataId = 0; dataId < ids[ids.length - 1]; dataId++) {
            assertEquals(expected.containsKey("7:" + dataId), index.find(7, dataId) != null, "7:" + dataId);
        }

        int before = index.size();
        index.forget(7);
        assertEquals(before - ids.length, index.size());
        assertNull(index.find(7, ids[0]));
        assertNotNull(index.find(8, index.dataIdsOf(8)[0]), "other actors stay");
        assertFalse(index.dataIdsOf(7).length > 0);
    }
}
