package dev.reprise.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;

/**
 * Writes the external-data file: entries {@code (varint actor, varint dataId, u32 length, payload)}
 * (since format version 4; before it, actor and data id were u32)
 * collected into checksummed chunks. Small entries are copied into a staging chunk, which is
 * deflated when that makes it smaller (since format version 6: a server's requests repeat their
 * headers, so its data shrinks several times); an entry larger than the staging area becomes a
 * chunk of its own, written straight from the caller's buffer (no copy, not deflated).
 * Single-threaded: the recorder's writer thread.
 */
public final class DataFileWriter implements AutoCloseable {
    /** The most an entry's header takes: two varints of up to 10 bytes and the u32 length. */
    static final int MAX_ENTRY_HEADER = 24;

    private final ChunkFileWriter file;
    private final ByteBuffer staging;
    private final byte[] header = new byte[MAX_ENTRY_HEADER];
    private long sequence;
    private long entries;

    private DataFileWriter(ChunkFileWriter file, int chunkSize) {
        this.file = file;
        this.staging = ByteBuffer.allocate(chunkSize).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Creates the data file; entries are grouped into chunks of about {@code chunkSize} bytes,
     * deflated when {@code deflate} and smaller so.
     */
    public static DataFileWriter create(Path path, int chunkSize, boolean deflate, FileAttribute<?>... attributes)
            throws IOException {
        if (chunkSize < 2 * MAX_ENTRY_HEADER) {
            throw new IllegalArgumentException("data chunk size too small: " + chunkSize);
        }
        return new DataFileWriter(ChunkFileWriter.create(path, FileKind.DATA, deflate, attributes), chunkSize);
    }

    /** Appends entry {@code (actor, dataId)} with the remaining bytes of {@code payload} (consumed). */
    public void append(long actor, long dataId, ByteBuffer payload) throws IOException {
        int length = payload.remaining();
        if (length > ChunkFormat.MAX_PAYLOAD - MAX_ENTRY_HEADER) {
            throw new IOException("data entry of " + length + " bytes for actor " + actor + " exceeds the limit of "
                    + (ChunkFormat.MAX_PAYLOAD - MAX_ENTRY_HEADER) + " bytes");
        }
        int h = LittleEndian.putVarLong(header, LittleEndian.putVarLong(header, 0, actor), dataId);
        LittleEndian.putInt(header, h, length);
        h += 4;
        if (h + length > staging.remaining()) {
            flush();
        }
        if (h + length > staging.capacity()) {
            file.write(0, sequence++, ByteBuffer.wrap(header, 0, h), payload);
        } else {
            staging.put(header, 0, h).put(payload);
        }
        entries++;
    }

    /** Appends entry {@code (actor, dataId)} with {@code payload[0, length)}. */
    public void append(long actor, long dataId, byte[] payload, int length) throws IOException {
        append(actor, dataId, ByteBuffer.wrap(payload, 0, length));
    }

    /** Writes the staged entries as a chunk, if there are any. */
    public void flush() throws IOException {
        if (staging.position() > 0) {
            file.write(0, sequence++, staging.array(), staging.position()); // deflated if that is smaller
            staging.clear();
        }
    }

    public long entries() {
        return entries;
    }

    public long chunks() {
        return file.chunks();
    }

    public long bytes() {
        return file.bytes() + staging.position();
    }

    public void force() throws IOException {
        file.force();
    }

    /** Flushes and closes. */
    @Override
    public void close() throws IOException {
        try {
            flush();
        } finally {
            file.close();
        }
    }
}
