package dev.reprise.hookbench;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Counts the messages a workload's actors process (they run without end, all on the one
 * dispatcher thread) and hands the benchmark thread a token every {@link #BATCH} of them. The
 * benchmark thread never sends a message while it measures, so no outside input is recorded.
 */
final class Pacer {
    /** Messages per benchmark operation (invocation). */
    static final int BATCH = 20_000;

    private static final Object READY = new Object();
    /** Holds at most one token: a batch the benchmark thread missed between iterations is dropped, not queued. */
    private final BlockingQueue<Object> ready = new ArrayBlockingQueue<>(1);

    private int count;
    private long batches;

    /** Called by an actor for every message it processes (on the dispatcher thread). */
    void processed() {
        if (++count == BATCH) {
            count = 0;
            batches++;
            ready.offer(READY);
        }
    }

    /** Waits until the next {@link #BATCH} messages have been processed. */
    void awaitBatch() throws InterruptedException {
        ready.take();
    }

    /** Messages processed so far; read after the actor system has terminated. */
    long messages() {
        return batches * BATCH + count;
    }
}
