package dev.reprise.trace;

import java.util.zip.CRC32C;

/**
 * Chunk framing, the same in the events and the data file. A 24-byte little-endian header:
 *
 * <pre>
 *  0 u32 magic "CHNK"
 *  4 u32 thread id (of the recording thread; 0 in the data file)
 *  8 u64 sequence number, per thread, from 0
 * 16 u32 payload length
 * 20 u32 CRC32C of header bytes 4..20 and the payload
 * </pre>
 *
 * followed by the payload: events (events file) or data entries (data file).
 */
final class ChunkFormat {
    static final int HEADER_SIZE = 24;
    static final int MAGIC = 0x4B4E4843; // "CHNK" little-endian
    /** Sanity bound on one chunk, so a corrupt length never makes the reader allocate wildly. */
    static final int MAX_PAYLOAD = 1 << 30;

    private ChunkFormat() {}

    static void encodeHeader(byte[] h, int thread, long sequence, int length, int crc) {
        LittleEndian.putInt(h, 0, MAGIC);
        LittleEndian.putInt(h, 4, thread);
        LittleEndian.putLong(h, 8, sequence);
        LittleEndian.putInt(h, 16, length);
        LittleEndian.putInt(h, 20, crc);
    }

    /** Starts the checksum of a chunk: the header fields that it covers. */
    static CRC32C startCrc(byte[] header) {
        CRC32C c = new CRC32C();
        c.update(header, 4, 16);
        return c;
    }
}
