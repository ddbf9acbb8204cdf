package dev.reprise.trace;

/**
 * Where a chunk came from: the recording thread, its per-thread sequence number, its position
 * among the file's chunks, and its byte offset in the file.
 */
public record ChunkInfo(int thread, long sequence, long index, long offset) {
    @Override
    public String toString() {
        return "chunk " + index + " at byte offset " + offset + " (thread " + Integer.toUnsignedString(thread)
                + ", sequence " + sequence + ")";
    }
}
