package dev.reprise.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Reads the chunks of an events or data file in file order, verifying each checksum. It never
 * returns a chunk that fails its check. At a bad chunk it records a {@link TraceProblem} and looks
 * for the next chunk whose framing and checksum are right, so the good part of a damaged file
 * stays readable; a file cut off inside a chunk is reported as truncated at that offset.
 */
public final class ChunkScanner implements AutoCloseable {
    private final Path file;
    private final FileChannel channel;
    private final long size;
    private final int version;
    private final byte[] header = new byte[ChunkFormat.HEADER_SIZE];
    private final List<TraceProblem> problems = new ArrayList<>();
    private long position = FileHeader.SIZE;
    private long index;
    private boolean truncated;

    private ChunkScanner(Path file, FileChannel channel, long size, int version) {
        this.file = file;
        this.channel = channel;
        this.size = size;
        this.version = version;
    }

    /**
     * Opens {@code file} and checks its header.
     *
     * @throws TraceFormatException when the file is not a trace file of this kind or version
     * @throws java.nio.file.NoSuchFileException when it does not exist
     */
    public static ChunkScanner open(Path file, FileKind kind) throws IOException {
        FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        try {
            long size = ch.size();
            byte[] h = new byte[FileHeader.SIZE];
            int n = readAt(ch, 0, h, h.length);
            int version = FileHeader.check(h, n, kind, file);
            return new ChunkScanner(file, ch, size, version);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** The next good chunk, or null at the end of the file (after a truncation, or past corrupt bytes). */
    public Chunk next() throws IOException {
        while (position < size) {
            Attempt a = tryChunkAt(position);
            if (a.chunk != null) {
                position = a.chunk.end();
                index++;
                return a.chunk;
            }
            long resumeAt = findNextChunk(position + 1);
            if (resumeAt < 0) {
                truncated = a.truncation;
                problems.add(new TraceProblem(
                        a.truncation ? TraceProblem.Kind.TRUNCATED : TraceProblem.Kind.CORRUPT,
                        file,
                        index,
                        position,
                        a.failure
                                + (a.truncation
                                        ? "; the trace was cut off here, the " + index
                                                + " chunks before it are readable"
                                        : "; no readable chunk follows")));
                position = size;
                return null;
            }
            problems.add(new TraceProblem(
                    TraceProblem.Kind.CORRUPT,
                    file,
                    index,
                    position,
                    a.failure + "; skipped " + (resumeAt - position) + " bytes to the next good chunk at byte offset "
                            + resumeAt));
            index++;
            position = resumeAt;
        }
        return null;
    }

    /** Problems found so far, in file order. */
    public List<TraceProblem> problems() {
        return List.copyOf(problems);
    }

    /** True when the file was found to end inside a chunk. */
    public boolean truncated() {
        return truncated;
    }

    /** The file's format version, from its header. */
    public int version() {
        return version;
    }

    /** The file's size in bytes. */
    public long size() {
        return size;
    }

    public Path file() {
        return file;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    private record Attempt(Chunk chunk, String failure, boolean truncation) {
        static Attempt failed(String why, boolean truncation) {
            return new Attempt(null, why, truncation);
        }
    }

    private Attempt tryChunkAt(long at) throws IOException {
        long remaining = size - at;
        if (remaining < ChunkFormat.HEADER_SIZE) {
            return Attempt.failed(
                    "the file ends inside a chunk header (" + remaining + " of " + ChunkFormat.HEADER_SIZE
                            + " bytes present)",
                    true);
        }
        readAt(channel, at, header, header.length);
        if (LittleEndian.getInt(header, 0) != ChunkFormat.MAGIC) {
            return Attempt.failed("no chunk header here (bad chunk magic)", false);
        }
        long length = ChunkFormat.storedLength(header);
        if (length < 0) {
            return Attempt.failed(
                    "chunk header declares an impossible length word 0x"
                            + Integer.toHexString(LittleEndian.getInt(header, 16)),
                    false);
        }
        long present = remaining - ChunkFormat.HEADER_SIZE;
        if (length > present) {
            return Attempt.failed(
                    "the file ends inside the chunk (it declares " + length + " payload bytes, " + present
                            + " are present)",
                    true);
        }
        byte[] payload = new byte[(int) length];
        readAt(channel, at + ChunkFormat.HEADER_SIZE, payload, payload.length);
        CRC32C crc = ChunkFormat.startCrc(header);
        crc.update(payload, 0, payload.length);
        if ((int) crc.getValue() != LittleEndian.getInt(header, 20)) {
            return Attempt.failed("checksum mismatch (payload of " + length + " bytes)", false);
        }
        ChunkInfo info = new ChunkInfo(LittleEndian.getInt(header, 4), LittleEndian.getLong(header, 8), index, at);
        try {
            return new Attempt(
                    new Chunk(info, ChunkFormat.payload(header, payload), length, ChunkFormat.deflated(header)),
                    null,
                    false);
        } catch (MalformedChunkException e) {
            return Attempt.failed(e.getMessage(), false);
        }
    }

    /** The offset of the next position at or after {@code from} holding a verifiable chunk, or -1. */
    private long findNextChunk(long from) throws IOException {
        byte[] block = new byte[64 * 1024];
        long blockStart = from;
        while (blockStart + ChunkFormat.HEADER_SIZE <= size) {
            int n = readAt(channel, blockStart, block, (int) Math.min(block.length, size - blockStart));
            for (int i = 0; i + 3 < n; i++) {
                if (block[i] == 'C' && block[i + 1] == 'H' && block[i + 2] == 'N' && block[i + 3] == 'K') {
                    long candidate = blockStart + i;
                    if (tryChunkAt(candidate).chunk != null) {
                        return candidate;
                    }
                }
            }
            if (n < 4) {
                break;
            }
            blockStart += n - 3; // overlap, so a magic across the block boundary is seen
        }
        return -1;
    }

    private static int readAt(FileChannel ch, long at, byte[] dst, int length) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(dst, 0, length);
        while (b.hasRemaining()) {
            int n = ch.read(b, at + b.position());
            if (n < 0) {
                break;
            }
        }
        return b.position();
    }
}
