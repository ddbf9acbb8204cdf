package dev.reprise.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * Appends chunks to a new events or data file. Single-threaded: the recorder's writer thread.
 */
public final class ChunkFileWriter implements AutoCloseable {
    private final FileChannel channel;
    private final byte[] header = new byte[ChunkFormat.HEADER_SIZE];
    private final ByteBuffer headerBuffer = ByteBuffer.wrap(header);
    private long chunks;
    private long bytes;

    private ChunkFileWriter(FileChannel channel) {
        this.channel = channel;
    }

    /** Creates {@code file} (it must not exist) and writes its header. */
    public static ChunkFileWriter create(Path file, FileKind kind) throws IOException {
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        ChunkFileWriter w = new ChunkFileWriter(ch);
        w.writeFully(ByteBuffer.wrap(FileHeader.encode(kind)));
        w.bytes = FileHeader.SIZE;
        return w;
    }

    /** Appends one chunk whose payload is {@code payload[0, length)}. */
    public void write(int thread, long sequence, byte[] payload, int length) throws IOException {
        write(thread, sequence, ByteBuffer.wrap(payload, 0, length));
    }

    /**
     * Appends one chunk whose payload is the remaining bytes of {@code parts}, in order, written
     * without copying them (a gathering write). The buffers' positions are consumed.
     */
    public void write(int thread, long sequence, ByteBuffer... parts) throws IOException {
        long length = 0;
        for (ByteBuffer p : parts) {
            length += p.remaining();
        }
        if (length > ChunkFormat.MAX_PAYLOAD) {
            throw new IOException("chunk payload of " + length + " bytes exceeds the limit of "
                    + ChunkFormat.MAX_PAYLOAD);
        }
        ChunkFormat.encodeHeader(header, thread, sequence, (int) length, 0);
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
