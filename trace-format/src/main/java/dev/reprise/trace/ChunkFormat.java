package dev.reprise.trace;

import java.util.zip.CRC32C;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Chunk framing, the same in the events and the data file. A 24-byte little-endian header:
 *
 * <pre>
 *  0 u32 magic "CHNK"
 *  4 u32 thread id (of the recording thread; 0 in the data file)
 *  8 u64 sequence number, per thread, from 0
 * 16 u32 bits 0-29: stored payload length; bit 31: the payload is deflated; bit 30: zero
 * 20 u32 CRC32C of header bytes 4..20 and the stored payload
 * </pre>
 *
 * followed by the payload: events (events file) or data entries (data file). A deflated payload
 * is a u32 length of the events, then their raw DEFLATE stream; the writer deflates a chunk only
 * when that makes it smaller. The checksum covers the stored bytes, so damage is found before
 * inflating.
 */
final class ChunkFormat {
    static final int HEADER_SIZE = 24;
    static final int MAGIC = 0x4B4E4843; // "CHNK" little-endian
    /** Sanity bound on one chunk, so a corrupt length never makes the reader allocate wildly. */
    static final int MAX_PAYLOAD = (1 << 30) - 1;

    static final int LENGTH_MASK = MAX_PAYLOAD;
    static final int DEFLATED = 1 << 31;

    private ChunkFormat() {}

    static void encodeHeader(byte[] h, int thread, long sequence, int length, boolean deflated, int crc) {
        LittleEndian.putInt(h, 0, MAGIC);
        LittleEndian.putInt(h, 4, thread);
        LittleEndian.putLong(h, 8, sequence);
        LittleEndian.putInt(h, 16, length | (deflated ? DEFLATED : 0));
        LittleEndian.putInt(h, 20, crc);
    }

    /** The stored payload length a header declares, or -1 when its flag bits are not valid. */
    static long storedLength(byte[] header) {
        int word = LittleEndian.getInt(header, 16);
        return (word & ~(LENGTH_MASK | DEFLATED)) != 0 ? -1 : word & LENGTH_MASK;
    }

    /** Whether a header says its payload is deflated. */
    static boolean deflated(byte[] header) {
        return (LittleEndian.getInt(header, 16) & DEFLATED) != 0;
    }

    /**
     * The payload of a chunk whose checksum has been verified: {@code stored} itself, or its events
     * inflated when the header says it is deflated.
     *
     * @throws MalformedChunkException when a deflated payload does not inflate to its declared length
     */
    static byte[] payload(byte[] header, byte[] stored) throws MalformedChunkException {
        if (!deflated(header)) {
            return stored;
        }
        if (stored.length < 4) {
            throw new MalformedChunkException(0, "deflated payload of " + stored.length + " bytes has no length");
        }
        int length = LittleEndian.getInt(stored, 0);
        if (length < 0 || length > MAX_PAYLOAD) {
            throw new MalformedChunkException(
                    0,
                    "deflated payload declares an impossible length of " + Integer.toUnsignedString(length) + " bytes");
        }
        byte[] events = new byte[length];
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(stored, 4, stored.length - 4);
            byte[] probe = new byte[1]; // once the declared bytes are out, the stream must end
            int n = 0;
            while (!inflater.finished() && n <= length) {
                int k = n < length ? inflater.inflate(events, n, length - n) : inflater.inflate(probe);
                if (k == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                n += k;
            }
            if (n != length || !inflater.finished() || inflater.getRemaining() != 0) {
                throw new MalformedChunkException(
                        0, "deflated payload inflates to " + n + " bytes, not the declared " + length);
            }
            return events;
        } catch (DataFormatException e) {
            throw new MalformedChunkException(0, "deflated payload does not inflate: " + e.getMessage());
        } finally {
            inflater.end();
        }
    }

    /** Starts the checksum of a chunk: the header fields that it covers. */
    static CRC32C startCrc(byte[] header) {
        CRC32C c = new CRC32C();
        c.update(header, 4, 16);
        return c;
    }
}
