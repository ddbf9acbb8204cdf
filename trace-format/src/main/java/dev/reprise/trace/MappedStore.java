package dev.reprise.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * Memory outside the Java heap for {@link ActorChunks}: a temporary file, deleted as soon as it is
 * open (where the system allows; else when the JVM exits), mapped in segments of 128 MB as it
 * grows. A trace of millions of actors (UnbalancedCobwebbedTree: 12 million in 120 iterations,
 * 36 million index entries) is indexed beside the replayed application's heap rather than in it:
 * the heap the application was given is the application's, and a replay's collector no longer
 * copies the index. Bytes never written read as zero. Addresses are byte offsets; an int or long
 * is read at a multiple of its size, so it never straddles two segments. Reads may come from any
 * thread once written; writes are its owner's (one builder, then under its lock).
 */
final class MappedStore implements AutoCloseable {
    /** Segments of 128 MB; tests take smaller ones, to cross them with little data. */
    static final int SEGMENT_BITS = 27;

    private final int segmentBits;
    private final long mask;
    private final Path file;
    private final FileChannel channel;
    private MappedByteBuffer[] segments = new MappedByteBuffer[0];

    private MappedStore(Path file, FileChannel channel, int segmentBits) {
        this.file = file;
        this.channel = channel;
        this.segmentBits = segmentBits;
        this.mask = (1L << segmentBits) - 1;
    }

    /** A new, empty store in {@code java.io.tmpdir} mapped in segments of 2^segmentBits bytes; {@code what} names its file. */
    static MappedStore create(String what, int segmentBits) throws IOException {
        Path dir = Path.of(System.getProperty("java.io.tmpdir"));
        Path f;
        try {
            f = Files.createTempFile(dir, "reprise-" + what + "-", ".tmp");
        } catch (IOException e) {
            throw new IOException(
                    "cannot make the trace index's temporary file in " + dir + " (java.io.tmpdir): " + e.getMessage()
                            + ". Give the JVM a writable one with -Djava.io.tmpdir=DIR",
                    e);
        }
        FileChannel channel = FileChannel.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            Files.delete(f); // its pages stay mapped; the space goes with the last mapping
        } catch (IOException e) {
            f.toFile().deleteOnExit(); // a system that cannot delete an open file
        }
        return new MappedStore(f, channel, segmentBits);
    }

    /** Makes bytes {@code [0, end)} addressable (zero where never written). */
    void ensure(long end) {
        int needed = (int) ((end + mask) >>> segmentBits);
        if (needed <= segments.length) {
            return;
        }
        MappedByteBuffer[] grown = Arrays.copyOf(segments, needed);
        try {
            for (int s = segments.length; s < needed; s++) {
                grown[s] = channel.map(FileChannel.MapMode.READ_WRITE, (long) s << segmentBits, 1L << segmentBits);
                grown[s].order(ByteOrder.nativeOrder());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the trace index's temporary file " + file + " cannot grow", e);
        }
        segments = grown;
    }

    int getInt(long at) {
        return segments[(int) (at >>> segmentBits)].getInt((int) (at & mask));
    }

    void putInt(long at, int v) {
        segments[(int) (at >>> segmentBits)].putInt((int) (at & mask), v);
    }

    long getLong(long at) {
        return segments[(int) (at >>> segmentBits)].getLong((int) (at & mask));
    }

    void putLong(long at, long v) {
        segments[(int) (at >>> segmentBits)].putLong((int) (at & mask), v);
    }

    /** Writes {@code v} as an unsigned LEB128 varint at {@code at} (made addressable); returns the offset after it. */
    long putVarLong(long at, long v) {
        ensure(at + 10);
        while ((v & ~0x7FL) != 0) {
            put(at++, (byte) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        put(at++, (byte) v);
        return at;
    }

    /** Reads the varint at {@code at} into {@code out[0]}; returns the offset after it. */
    long getVarLong(long at, long[] out) {
        long v = 0;
        for (int shift = 0; ; shift += 7) {
            int x = get(at++) & 0xFF;
            v |= (long) (x & 0x7F) << shift;
            if ((x & 0x80) == 0) {
                out[0] = v;
                return at;
            }
        }
    }

    private byte get(long at) {
        return segments[(int) (at >>> segmentBits)].get((int) (at & mask));
    }

    private void put(long at, byte b) {
        segments[(int) (at >>> segmentBits)].put((int) (at & mask), b);
    }

    /** Closes the file; the mappings go when they are collected, so late readers never fault. */
    @Override
    public void close() throws IOException {
        channel.close();
    }
}
