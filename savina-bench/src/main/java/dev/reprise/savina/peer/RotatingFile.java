package dev.reprise.savina.peer;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A peer's output file, kept to at most {@value #LIMIT_BYTES} bytes on disk ({@link #limit()}): a write that would
 * pass the limit starts again at the file's beginning, as a logger that rotates its files would.
 * Without it a benchmark JVM of 200 iterations wrote over 100 GB (SleepingBarber's peers: 600 to
 * 700 MB per iteration). Counts every byte written, for the peer's figures.
 */
final class RotatingFile implements Closeable {
    static final long LIMIT_BYTES = 256L << 20;
    /** A smaller limit, for tests: {@code -Dsavina.peer.limitBytes=N}. */
    static final String LIMIT_PROPERTY = "savina.peer.limitBytes";

    private final FileChannel channel;
    private final long limit;
    private long written;

    RotatingFile(Path file) throws IOException {
        this(file, limit());
    }

    /** The peers' limit on disk: {@value #LIMIT_BYTES} bytes, or {@code -Dsavina.peer.limitBytes}. */
    static long limit() {
        return Long.getLong(LIMIT_PROPERTY, LIMIT_BYTES);
    }

    /** A file of at most {@code limit} bytes on disk. */
    RotatingFile(Path file, long limit) throws IOException {
        channel = FileChannel.open(
                file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        this.limit = limit;
    }

    /** Writes all of {@code bytes}; one thread at a time. */
    void write(ByteBuffer bytes) throws IOException {
        if (channel.position() + bytes.remaining() > limit) {
            channel.position(0);
        }
        written += bytes.remaining();
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
    }

    /** The bytes written so far, over all rotations. */
    long written() {
        return written;
    }

    /** This file as a stream, for a writer. */
    OutputStream stream() {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                RotatingFile.this.write(ByteBuffer.wrap(new byte[] {(byte) b}));
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                RotatingFile.this.write(ByteBuffer.wrap(b, off, len));
            }
        };
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
