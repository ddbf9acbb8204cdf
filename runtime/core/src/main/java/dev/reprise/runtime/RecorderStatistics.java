package dev.reprise.runtime;

/**
 * What the recorder has done so far.
 *
 * @param events events recorded by application threads (including those still in buffers)
 * @param eventBytes bytes written to the events file
 * @param buffersWritten event buffers written as chunks
 * @param blockedNanos time application threads spent waiting for a free buffer (block policy)
 * @param droppedEvents events dropped (drop policy); the trace records them as gaps
 * @param dataEntries external-data entries written
 * @param dataBytes bytes written to the data file
 * @param droppedData data entries dropped because the data memory bound was reached (drop policy)
 * @param threads threads that have recorded
 * @param degraded true after an internal failure made the recorder stop recording
 */
public record RecorderStatistics(
        long events,
        long eventBytes,
        long buffersWritten,
        long blockedNanos,
        long droppedEvents,
        long dataEntries,
        long dataBytes,
        long droppedData,
        int threads,
        boolean degraded) {}
