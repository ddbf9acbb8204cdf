package dev.reprise.runtime;

/** The recorder's statistics over JMX, as {@code dev.reprise:type=Recorder}. */
public interface RecorderMXBean {
    long getEvents();

    long getEventBytes();

    long getBuffersWritten();

    long getBlockedMillis();

    long getDroppedEvents();

    long getDataEntries();

    long getDataBytes();

    long getDroppedData();

    int getThreads();

    boolean isDegraded();

    String getTraceDirectory();
}
