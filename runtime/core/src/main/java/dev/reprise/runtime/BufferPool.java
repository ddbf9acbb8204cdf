package dev.reprise.runtime;

import dev.reprise.trace.Encoding;
import dev.reprise.trace.EventBuffer;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bounded set of event buffers: allocated on demand up to the memory bound, cleared and
 * returned by the writer. Touched only when a buffer fills or is flushed, never per event.
 */
final class BufferPool {
    private final ArrayBlockingQueue<EventBuffer> free;
    private final AtomicInteger allocated = new AtomicInteger();
    private final int max;
    private final int size;
    private final Encoding encoding;
    private final boolean fingerprints;

    BufferPool(int max, int size, Encoding encoding, boolean fingerprints) {
        this.max = max;
        this.size = size;
        this.encoding = encoding;
        this.fingerprints = fingerprints;
        this.free = new ArrayBlockingQueue<>(max);
    }

    /** A cleared buffer, or null when all buffers are in use. */
    EventBuffer poll() {
        EventBuffer b = free.poll();
        if (b != null) {
            return b;
        }
        while (true) {
            int n = allocated.get();
            if (n >= max) {
                return null;
            }
            if (allocated.compareAndSet(n, n + 1)) {
                return new EventBuffer(size, encoding, fingerprints);
            }
        }
    }

    /** A cleared buffer, waiting for the writer to return one if necessary; null if the recording closes or fails meanwhile. */
    EventBuffer take(Recorder recorder) throws InterruptedException {
        while (true) {
            EventBuffer b = poll();
            if (b == null) {
                b = free.poll(100, java.util.concurrent.TimeUnit.MILLISECONDS);
            }
            if (b != null || recorder.closing || recorder.degraded()) {
                return b; // never wait for a writer that has stopped
            }
        }
    }

    /** Returns a buffer for reuse. */
    void release(EventBuffer b) {
        b.clear();
        free.offer(b);
    }

    int allocated() {
        return allocated.get();
    }

    int max() {
        return max;
    }
}
