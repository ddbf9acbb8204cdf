package dev.reprise.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.util.Set;
import java.util.zip.CRC32C;

/**
 * Appends chunks to a new events or data file. Single-threaded: the recorder's writer thread.
 */
public final class ChunkFileWriter implements AutoCloseable {
    private final FileChannel channel;
    private final byte[] header = new byte[ChunkFormat.HEADER_SIZE];
    private final ByteBuffer headerBuffer = ByteBuffer.wrap(header);
    /** Deflates {@link #write(int, long, byte[], int)} payloads; null when chunks are stored as they are. */
    private final ChunkDeflater deflater;

    private byte[] joined = new byte[0];
    private long chunks;
    private long bytes;

    private ChunkFileWriter(FileChannel channel, boolean deflate) {
        this.channel = channel;
        this.deflater = deflate ? new ChunkDeflater() : null;
    }

    /** Creates {@code file} (it must not exist) and writes its header; chunks are stored as they are. */
    public static ChunkFileWriter create(Path file, FileKind kind) throws IOException {
        return create(file, kind, false);
    }

    /**
     * Creates {@code file} (it must not exist) and writes its header. With {@code deflate}, each
     * chunk written from a byte array is deflated when that makes it smaller (event chunks shrink
     * several times over: actors repeat their patterns), in the way {@link ChunkDeflater} chooses
     * for the chunk's thread.
     */
    public static ChunkFileWriter create(Path file, FileKind kind, boolean deflate, FileAttribute<?>... attributes)
            throws IOException {
        FileChannel ch =
                FileChannel.open(file, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), attributes);
        ChunkFileWriter w = new ChunkFileWriter(ch, deflate);
        w.writeFully(ByteBuffer.wrap(FileHeader.encode(kind)));
        w.bytes = FileHeader.SIZE;
        return w;
    }

    /** Appends one chunk whose payload is {@code payload[0, length)}. */
    public void write(int thread, long sequence, byte[] payload, int length) throws IOException {
        int n = deflater == null ? 0 : deflater.deflate(thread, payload, length);
        if (n > 0) {
            writeChunk(thread, sequence, true, ByteBuffer.wrap(deflater.output(), 0, n));
        } else {
            writeChunk(thread, sequence, false, ByteBuffer.wrap(payload, 0, length));
        }
    }

    /**
     * Appends one chunk whose payload is {@code payload[0, length)} followed by {@code trailer}
     * (the chunk's last event, e.g. its fingerprints), joined so they are deflated together.
     */
    public void write(int thread, long sequence, byte[] payload, int length, byte[] trailer) throws IOException {
        if (trailer.length == 0) {
            write(thread, sequence, payload, length);
            return;
        }
        int total = length + trailer.length;
        if (joined.length < total) {
            joined = new byte[Math.max(total, joined.length * 2)];
        }
        System.arraycopy(payload, 0, joined, 0, length);
        System.arraycopy(trailer, 0, joined, length, trailer.length);
        write(thread, sequence, joined, total);
    }

    /**
     * Appends one chunk whose payload is the remaining bytes of {@code parts}, in order, written
     * without copying them (a gathering write). The buffers' positions are consumed.
     */
    public void write(int thread, long sequence, ByteBuffer... parts) throws IOException {
        writeChunk(thread, sequence, false, parts);
    }

    private void writeChunk(int thread, long sequence, boolean isDeflated, ByteBuffer... parts) throws IOException {
        long length = 0;
        for (ByteBuffer p : parts) {
            length += p.remaining();
        }
        if (length > ChunkFormat.MAX_PAYLOAD) {
            throw new IOException(
                    "chunk payload of " + length + " bytes exceeds the limit of " + ChunkFormat.MAX_PAYLOAD);
        }
        ChunkFormat.encodeHeader(header, thread, sequence, (int) length, isDeflated, 0);
        CRC32C crc = ChunkFormat.startCrc(header);
        for (ByteBuffer p : parts) {
            crc.update(p.duplicate());
        }
        LittleEndian.putInt(header, 20, (int) crc.getValue());
        ByteBuffer[] all = new ByteBuffer[parts.length + 1];
        headerBuffer.clear();
        all[0] = headerBuffer;
        System.arraycopy(parts, 0, all, 1, parts.length);
        long total = ChunkFormat.HEADER_SIZE + length;
        long written = 0;
        while (written < total) {
            written += channel.write(all);
        }
        chunks++;
        bytes += total;
    }

    /** Chunks written so far. */
    public long chunks() {
        return chunks;
    }

    /** File size so far, header included. */
    public long bytes() {
        return bytes;
    }

    /** Chunks deflated by Huffman coding alone (their thread's program seldom repeats itself). */
    public long huffmanChunks() {
        return deflater == null ? 0 : deflater.huffmanChunks();
    }

    /** Forces written chunks to the storage device. */
    public void force() throws IOException {
        channel.force(false);
    }

    private void writeFully(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            channel.write(b);
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
