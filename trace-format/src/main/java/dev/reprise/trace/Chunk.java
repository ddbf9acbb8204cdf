package dev.reprise.trace;

/**
 * A chunk whose checksum has been verified: where it came from, its payload (inflated if it was
 * stored deflated), how many bytes it takes in the file after its header, and whether it was
 * stored deflated.
 */
public record Chunk(ChunkInfo info, byte[] payload, long storedLength, boolean deflated) {
    /** The file offset just past this chunk. */
    public long end() {
        return info.offset() + ChunkFormat.HEADER_SIZE + storedLength;
    }
}
