package dev.reprise.trace;

/**
 * A chunk whose checksum has been verified: where it came from, its payload (inflated if it was
 * stored deflated), and how many bytes it takes in the file after its header.
 */
public record Chunk(ChunkInfo info, byte[] payload, long storedLength) {
    /** The file offset just past this chunk. */
    public long end() {
        return info.offset() + ChunkFormat.HEADER_SIZE + storedLength;
    }
}
