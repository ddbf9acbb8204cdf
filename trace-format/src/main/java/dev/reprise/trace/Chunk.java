package dev.reprise.trace;

/** A chunk whose checksum has been verified: where it came from and its payload. */
public record Chunk(ChunkInfo info, byte[] payload) {
}
