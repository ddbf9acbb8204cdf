package dev.reprise.runtime;

import dev.reprise.trace.EventBuffer;
import dev.reprise.trace.TraceWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The one thread that does the recorder's I/O: writes full event buffers as chunks and returns
 * them to the pool, writes external data, and every flush interval advances the flush epoch, which
 * makes each recording thread hand over its buffer at its next event, and rewrites the metadata
 * when the agent counted an error or refused to record.
 */
final class WriterThread extends Thread {
    /**
     * A buffer handed over by a thread: chunk {@code sequence} of that thread, its first {@code length}
     * bytes of events and {@code marks} fingerprints; pooled ones go back to the pool.
     */
    record Full(int threadId, long sequence, EventBuffer buffer, int length, int marks, boolean pooled) {}

    /** Wakes the writer without an interrupt (which would abort an I/O call). */
    private static final Full WAKE_UP = new Full(0, -1, null, 0, 0, false);

    /** An external-data entry; {@code encoded} runs here, off the application threads. */
    record Data(long owner, long dataId, byte[] bytes) {}

    private final Recorder recorder;
    private final TraceWriter trace;
    final LinkedBlockingQueue<Full> full = new LinkedBlockingQueue<>();
    final ConcurrentLinkedQueue<Data> data = new ConcurrentLinkedQueue<>();
    private volatile boolean stopping;
    private boolean failed;
    volatile long eventBytes;
    volatile long buffersWritten;
    volatile long dataEntries;
    volatile long dataBytes;
    /** Throttle for tests that need a writer slower than the application. */
    volatile long delayPerChunkNanos;

    WriterThread(Recorder recorder, TraceWriter trace) {
        super("reprise-writer");
        setDaemon(true);
        this.recorder = recorder;
        this.trace = trace;
    }

    @Override
    public void run() {
        long interval = recorder.settings.flushInterval().toNanos();
        long nextTick = System.nanoTime() + interval;
        try {
            while (true) {
                long wait = Math.max(0, nextTick - System.nanoTime());
                Full f = full.poll(wait, TimeUnit.NANOSECONDS);
                if (f != null) {
                    write(f);
                }
                drainData();
                long now = System.nanoTime();
                if (now >= nextTick) {
                    recorder.tick();
                    flushFiles();
                    writeProgress();
                    nextTick = Math.max(nextTick + interval, now + interval / 2);
                }
                if (stopping && full.isEmpty() && data.isEmpty()) {
                    flushFiles();
                    return;
                }
            }
        } catch (InterruptedException e) {
            recorder.internalError("writer thread", e);
        } catch (RuntimeException | Error e) {
            recorder.internalError("writer thread", e);
            // Keep the application going: return whatever is queued so no thread waits for a buffer.
            for (Full f; (f = full.poll()) != null; ) {
                release(f);
            }
        }
    }

    void requestStop() {
        stopping = true;
        full.offer(WAKE_UP);
    }

    private void write(Full f) {
        if (f == WAKE_UP) {
            return;
        }
        try {
            if (!failed) {
                long d = delayPerChunkNanos;
                if (d > 0) {
                    Thread.sleep(d / 1_000_000, (int) (d % 1_000_000));
                }
                trace.writeEvents(f.threadId(), f.sequence(), f.buffer(), f.length(), f.marks());
                eventBytes = trace.eventBytes();
                buffersWritten++;
            }
        } catch (IOException | InterruptedException e) {
            fail(e);
        } finally {
            release(f);
        }
    }

    private void release(Full f) {
        if (f.pooled()) {
            recorder.pool.release(f.buffer());
        }
    }

    private void drainData() {
        for (Data d; (d = data.poll()) != null; ) {
            try {
                if (!failed) {
                    trace.writeData(d.owner(), d.dataId(), ByteBuffer.wrap(d.bytes()));
                    dataEntries++;
                    dataBytes = trace.dataBytes();
                }
            } catch (IOException e) {
                fail(e);
            } finally {
                recorder.dataWritten(d.bytes().length);
            }
        }
    }

    private void flushFiles() {
        if (failed) {
            return;
        }
        try {
            trace.flush();
        } catch (IOException e) {
            fail(e);
        }
    }

    /**
     * An agent error or a refusal reaches the metadata within a flush interval (a crashed
     * recording keeps them).
     */
    private void writeProgress() {
        Map<String, Long> counts = recorder.changedProgress();
        if (counts == null || failed) {
            return;
        }
        try {
            trace.writeProgress(counts, recorder.notRecorded());
        } catch (IOException e) {
            fail(e);
        }
    }

    private void fail(Exception e) {
        if (!failed) {
            failed = true;
            recorder.internalError("writing the trace", e);
        }
    }

    boolean failed() {
        return failed;
    }
}
