package dev.reprise.runtime;

import java.util.concurrent.TimeUnit;

/** The {@link RecorderMXBean} of a {@link Recorder}. */
final class RecorderMBeanView implements RecorderMXBean {
    private final Recorder recorder;

    RecorderMBeanView(Recorder recorder) {
        this.recorder = recorder;
    }

    @Override
    public long getEvents() {
        return recorder.statistics().events();
    }

    @Override
    public long getEventBytes() {
        return recorder.statistics().eventBytes();
    }

    @Override
    public long getBuffersWritten() {
        return recorder.statistics().buffersWritten();
    }

    @Override
    public long getBlockedMillis() {
        return TimeUnit.NANOSECONDS.toMillis(recorder.statistics().blockedNanos());
    }

    @Override
    public long getDroppedEvents() {
        return recorder.statistics().droppedEvents();
    }

    @Override
    public long getDataEntries() {
        return recorder.statistics().dataEntries();
    }

    @Override
    public long getDataBytes() {
        return recorder.statistics().dataBytes();
    }

    @Override
    public long getDroppedData() {
        return recorder.statistics().droppedData();
    }

    @Override
    public int getThreads() {
        return recorder.statistics().threads();
    }

    @Override
    public boolean isDegraded() {
        return recorder.degraded();
    }

    @Override
    public String getTraceDirectory() {
        return recorder.settings().traceDir().toString();
    }
}
