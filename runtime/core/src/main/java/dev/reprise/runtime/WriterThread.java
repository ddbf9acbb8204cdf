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
 * when the agent counted an error or refused to record. It also forces the files to disk as
 * {@link SyncPolicy} says.
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

    /** The metadata's count of times the writer forced the events and data files to disk. */
    static final String SYNCS = "syncs";
    /** The metadata's count of microseconds the writer spent forcing them. */
    static final String SYNC_MICROS = "syncMicros";

    private final Recorder recorder;
    private final TraceWriter trace;
    private final SyncPolicy sync;
    /** Bytes in the events and data files at the last force: with none written since, there is nothing to force. */
    private long syncedBytes;

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
        this.sync = recorder.settings.sync();
        recorder.count(SYNCS, 0); // present in every trace: 0 says nothing was forced
        recorder.count(SYNC_MICROS, 0);
    }

    @Override
    public void run() {
        long interval = recorder.settings.flushInterval().toNanos();
        long nextTick = System.nanoTime() + interval;
        try {
            if (sync != SyncPolicy.NONE) {
                forceCreation();
            }
            while (true) {
                long wait = Math.max(0, nextTick - System.nanoTime());
                Full f = full.poll(wait, TimeUnit.NANOSECONDS);
                if (f != null) {
                    write(f);
                    if (sync == SyncPolicy.ALWAYS) {
                        writeQueued();
                    }
                }
                drainData();
                if (sync == SyncPolicy.ALWAYS) {
                    sync();
                }
                long now = System.nanoTime();
                if (now >= nextTick) {
                    recorder.tick();
                    flushFiles();
                    writeProgress();
                    if (sync == SyncPolicy.INTERVAL) {
                        sync();
                    }
                    nextTick = Math.max(nextTick + interval, now + interval / 2);
                }
                if (stopping && full.isEmpty() && data.isEmpty()) {
                    flushFiles();
                    if (sync != SyncPolicy.NONE) {
                        sync();
                    }
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

    /** Writes the buffers queued at this moment, so that one force covers them all. */
    private void writeQueued() {
        for (int n = full.size(); n > 0; n--) {
            Full f = full.poll();
            if (f == null) {
                return;
            }
            write(f);
        }
    }

    private void release(Full f) {
        if (f.pooled()) {
            recorder.pool.release(f.buffer());
        }
    }

    /** How many written bytes of data the writer gives back to {@link DataMemory} at a time within one drain. */
    private static final long RELEASE_EVERY_BYTES = 64 * 1024;

    private void drainData() {
        long drained = 0;
        try {
            for (Data d; (d = data.poll()) != null; ) {
                drained += d.bytes().length;
                if (!failed) {
                    trace.writeData(d.owner(), d.dataId(), ByteBuffer.wrap(d.bytes()));
                    dataEntries++;
                }
                if (drained >= RELEASE_EVERY_BYTES) { // a long drain still makes room as it goes
                    recorder.dataWritten(drained);
                    drained = 0;
                }
            }
            for (ThreadRecorder r : recorder.recordingThreads()) {
                long finished = r.data.drain(stagedEntryWriter);
                if (finished > 0) {
                    recorder.dataWritten(finished);
                }
            }
        } catch (IOException e) {
            fail(e);
        } finally {
            dataBytes = trace.dataBytes();
            if (drained > 0) {
                recorder.dataWritten(drained); // once per drain, not per entry: the recording threads share this count
            }
        }
    }

    private final DataStage.Sink stagedEntryWriter = this::writeStaged;

    /** Writes a staged entry (skips it once the trace failed, so the stage still empties). */
    private void writeStaged(long owner, long dataId, byte[] bytes, int offset, int length) throws IOException {
        if (!failed) {
            trace.writeData(owner, dataId, ByteBuffer.wrap(bytes, offset, length));
            dataEntries++;
        }
    }

    /** The thread that owned {@code stage} has died: its last entries are written, and all its room given back. */
    void retire(DataStage stage) {
        try {
            recorder.dataWritten(stage.retire(stagedEntryWriter));
        } catch (IOException e) {
            fail(e);
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

    /** The new trace's metadata and directory entries to disk: the recording thread did not wait for it. */
    private void forceCreation() {
        try {
            trace.forceCreation();
        } catch (IOException e) {
            fail(e);
        }
    }

    /** Forces the events and data files to disk if they grew since the last time, counting it. */
    private void sync() {
        if (failed) {
            return;
        }
        try {
            trace.flush();
            long written = trace.eventBytes() + trace.dataBytes();
            if (written == syncedBytes) {
                return;
            }
            long start = System.nanoTime();
            trace.sync();
            syncedBytes = written;
            recorder.count(SYNCS, 1);
            recorder.count(SYNC_MICROS, (System.nanoTime() - start) / 1000);
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
