package dev.reprise.runtime;

import dev.reprise.trace.SourceNames;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;

/**
 * Where data entries enter the recording on their way to the data file: outside input's content
 * and outside sources' names straight to the writer's queue, a recording thread's system-call
 * results through the thread's own {@link DataStage}. Entries count against the data memory bound
 * until written; at the bound the caller waits or the entry is dropped and counted, per the
 * overflow policy. {@link Recorder} checks first that it still records.
 */
final class DataIntake {
    private final Recorder recorder;
    private final WriterThread writer;
    private final DataMemory dataMemory;
    /** The recorder's time spent waiting for room (buffers and data), shared with it. */
    private final LongAdder blockedNanos;

    private final LongAdder droppedData = new LongAdder();
    private final BooleanSupplier mayWaitForData = this::mayWaitForData;

    DataIntake(Recorder recorder, WriterThread writer, DataMemory dataMemory, LongAdder blockedNanos) {
        this.recorder = recorder;
        this.writer = writer;
        this.dataMemory = dataMemory;
        this.blockedNanos = blockedNanos;
    }

    /** {@link Recorder#recordData}: to the writer's queue, if there is room or the caller may wait for it. */
    void record(long owner, long dataId, byte[] bytes) {
        if (!dataMemory.reserve(bytes.length, mayWaitForData, blockedNanos)) {
            droppedData.increment();
            return;
        }
        writer.data.offer(new WriterThread.Data(owner, dataId, bytes));
    }

    /** {@link Recorder#stageData}: into the thread's {@code stage}, if there is room or the thread may wait for it. */
    void stage(DataStage stage, long owner, long dataId, byte[] bytes) {
        if (!stage.offer(owner, dataId, bytes, dataMemory, mayWaitForData, blockedNanos)) {
            droppedData.increment();
        }
    }

    /** The name of outside source {@code id}, a data entry of the recorder's own. */
    void sourceName(long id, String name) {
        byte[] entry = SourceNames.entry(name);
        dataMemory.force(entry.length); // never dropped nor waited for: replay needs every name
        writer.data.offer(new WriterThread.Data(Recorder.RECORDER_ACTOR, id, entry));
    }

    /** A recording thread's data stage: chunks of 4 KB, or less under a small data memory bound. */
    DataStage newStage() {
        return new DataStage((int) Math.min(DataStage.CHUNK_BYTES, recorder.settings.dataMemory() / 16));
    }

    /** Whether a thread with data to record may wait for room at the data memory bound (else the entry is dropped). */
    private boolean mayWaitForData() {
        return recorder.settings.overflow() != OverflowPolicy.DROP && !recorder.closing && !recorder.degraded;
    }

    /** The writer wrote {@code bytes} of queued data. */
    void written(long bytes) {
        dataMemory.written(bytes);
    }

    /** Entries dropped at the data memory bound. */
    long dropped() {
        return droppedData.sum();
    }
}
