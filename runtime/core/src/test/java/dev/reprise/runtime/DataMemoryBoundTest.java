package dev.reprise.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/**
 * {@link DataMemory} under contention: recording threads that reserve without a lock never take
 * the queued bytes past the bound, waiters are woken by the writer, and every byte reserved is
 * given back.
 */
class DataMemoryBoundTest {
    private static final long BOUND = 1000;
    private static final int ENTRY = 100;
    private static final int PER_THREAD = 50_000;

    @Test
    void racingReservationsStayWithinTheBoundAndAllGetThrough() throws Exception {
        DataMemory memory = new DataMemory(BOUND);
        BlockingQueue<Integer> toWrite = new ArrayBlockingQueue<>(64);
        AtomicLong highest = new AtomicLong();
        LongAdder blocked = new LongAdder();
        LongAdder refused = new LongAdder();
        Thread[] recorders = new Thread[3];
        for (int t = 0; t < recorders.length; t++) {
            recorders[t] = new Thread(() -> {
                for (int i = 0; i < PER_THREAD; i++) {
                    if (!memory.reserve(ENTRY, () -> true, blocked)) {
                        refused.increment();
                        continue;
                    }
                    highest.accumulateAndGet(memory.queued(), Math::max);
                    try {
                        toWrite.put(ENTRY);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            recorders[t].start();
        }
        Thread writer = new Thread(
                () -> { // gives bytes back in batches, as the writer thread does per drain
                    long total = 0;
                    try {
                        while (total < (long) recorders.length * PER_THREAD * ENTRY) {
                            Integer first = toWrite.poll(10, TimeUnit.SECONDS);
                            if (first == null) {
                                return;
                            }
                            long batch = first;
                            for (Integer more; (more = toWrite.poll()) != null; ) {
                                batch += more;
                            }
                            memory.written(batch);
                            total += batch;
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
        writer.start();
        for (Thread t : recorders) {
            t.join(60_000);
            assertFalse(t.isAlive(), "a recording thread waiting for room was never woken");
        }
        writer.join(60_000);
        assertEquals(0, refused.sum(), "a thread that may wait is never refused");
        assertTrue(highest.get() <= BOUND, "queued bytes reached " + highest.get() + ", over the bound of " + BOUND);
        assertEquals(0, memory.queued(), "every byte written was given back");
        assertTrue(blocked.sum() > 0, "with a bound of ten entries and three threads, some waited");
    }

    @Test
    void anEntryLargerThanTheBoundGoesOnlyAlone() {
        DataMemory memory = new DataMemory(BOUND);
        assertTrue(memory.reserve(5 * BOUND, () -> false, new LongAdder()));
        assertFalse(memory.reserve(1, () -> false, new LongAdder()), "nothing fits beside it");
        memory.written(5 * BOUND);
        assertTrue(memory.reserve(BOUND, () -> false, new LongAdder()));
    }
}
