package dev.reprise.trace;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The 16-byte header of each binary trace file: 8-byte magic, u16 format version, u16 flags
 * (zero), u32 CRC32C of the first 12 bytes. Little-endian.
 */
final class FileHeader {
    /**
     * The trace format version this code writes (7: a subtrace start may bring back an actor
     * evicted from its slot in 3 bytes, see {@link ActorSlots}; 6: data chunks may be deflated, as
     * event chunks are; 5: outside sources are named by data entries,
     * {@link SourceNames}, not in the metadata; 4: ids up to 64 bits, width code 3 is a varint, see
     * {@link EventLayout}).
     */
    static final int VERSION = 7;
    /** The oldest version this code reads (3: 32-bit ids and {@link Fingerprint}s; 2 is 3 without fingerprints). */
    static final int OLDEST_READ = 2;
    /** The first version whose ids may exceed 32 bits (width code 3 is a varint, data entries hold varint ids). */
    static final int WIDE_IDS = 4;
    /** The first version whose chunks keep evicted actors for a WIDE_RESUME ({@link EventLayout}). */
    static final int WIDE_RESUMES = 7;

    static final int SIZE = 16;

    private FileHeader() {}

    static byte[] encode(FileKind kind) {
        byte[] h = new byte[SIZE];
        System.arraycopy(kind.magic, 0, h, 0, 8);
        LittleEndian.putShort(h, 8, (short) VERSION);
        LittleEndian.putShort(h, 10, (short) 0);
        LittleEndian.putInt(h, 12, crc(h));
        return h;
    }

    /**
     * Checks a header read from {@code file}; {@code length} is how many bytes could be read.
     * Returns the file's format version.
     */
    static int check(byte[] h, int length, FileKind kind, Path file) throws TraceFormatException {
        if (length < SIZE) {
            throw new TraceFormatException(file + ": " + kind.description + " is truncated: " + length + " of its "
                    + SIZE + " header bytes are present, no chunk is readable");
        }
        if (!Arrays.equals(h, 0, 8, kind.magic, 0, 8)) {
            throw new TraceFormatException(
                    file + ": not a Reprise " + kind.description + " (its first bytes are not the magic "
                            + new String(kind.magic, java.nio.charset.StandardCharsets.US_ASCII) + ")");
        }
        if (LittleEndian.getInt(h, 12) != crc(h)) {
            throw new TraceFormatException(
                    file + ": the " + kind.description + " header is corrupt (checksum mismatch at byte offset 12)");
        }
        int version = LittleEndian.getUnsignedShort(h, 8);
        if (!readable(version)) {
            throw new TraceFormatException(file + ": trace format version " + version
                    + " is not supported; this Reprise reads versions " + OLDEST_READ + " to " + VERSION
                    + ". Use the Reprise release that recorded the trace.");
        }
        return version;
    }

    static boolean readable(long version) {
        return version >= OLDEST_READ && version <= VERSION;
    }

    private static int crc(byte[] h) {
        CRC32C c = new CRC32C();
        c.update(h, 0, 12);
        return (int) c.getValue();
    }
}
