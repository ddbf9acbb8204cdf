package dev.reprise.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the external-data file. Opening it scans every chunk once (verifying checksums) and
 * indexes the entries by (actor, data id); {@link #read} then fetches one entry's bytes with a
 * positional read. Damaged chunks are reported and their entries are absent; the rest is usable.
 * A trace without a data file (no external data recorded) reads as empty.
 */
public final class DataFileReader implements AutoCloseable {
    private record Location(long offset, int length) {}

    private final Path file;
    private final FileChannel channel;
    private final Map<Long, Location> index = new HashMap<>();
    private final List<TraceProblem> problems = new ArrayList<>();
    private long chunks;

    private DataFileReader(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /** Opens and indexes {@code path}; a missing file gives an empty reader. */
    public static DataFileReader open(Path path) throws IOException {
        if (!Files.exists(path)) {
            return new DataFileReader(path, null);
        }
        DataFileReader r = new DataFileReader(path, FileChannel.open(path, StandardOpenOption.READ));
        try (ChunkScanner scanner = ChunkScanner.open(path, FileKind.DATA)) {
            for (Chunk c; (c = scanner.next()) != null; ) {
                r.chunks++;
                r.indexChunk(c);
            }
            r.problems.addAll(scanner.problems());
            r.problems.sort((a, b) -> Long.compare(a.offset(), b.offset()));
        } catch (IOException | RuntimeException e) {
            r.close();
            throw e;
        }
        return r;
    }

    private void indexChunk(Chunk c) {
        byte[] p = c.payload();
        long base = c.info().offset() + ChunkFormat.HEADER_SIZE;
        int at = 0;
        while (at < p.length) {
            if (p.length - at < DataFileWriter.ENTRY_HEADER) {
                malformed(c, at, "entry header runs past the end of the chunk");
                return;
            }
            int actor = LittleEndian.getInt(p, at);
            int dataId = LittleEndian.getInt(p, at + 4);
            long length = LittleEndian.getInt(p, at + 8) & 0xFFFFFFFFL;
            if (length > p.length - at - DataFileWriter.ENTRY_HEADER) {
                malformed(c, at, "entry of " + length + " bytes runs past the end of the chunk");
                return;
            }
            Location previous = index.put(key(actor, dataId),
                    new Location(base + at + DataFileWriter.ENTRY_HEADER, (int) length));
            if (previous != null) {
                problems.add(new TraceProblem(TraceProblem.Kind.MALFORMED, file, c.info().index(), base + at,
                        "data " + Integer.toUnsignedString(dataId) + " of actor " + Integer.toUnsignedString(actor)
                                + " is recorded twice"));
            }
            at += DataFileWriter.ENTRY_HEADER + (int) length;
        }
    }

    private void malformed(Chunk c, int at, String why) {
        problems.add(new TraceProblem(TraceProblem.Kind.MALFORMED, file, c.info().index(),
                c.info().offset() + ChunkFormat.HEADER_SIZE + at, why + " (later entries of this chunk are lost)"));
    }

    private static long key(int actor, int dataId) {
        return (long) actor << 32 | (dataId & 0xFFFFFFFFL);
    }

    /** True when entry {@code (actor, dataId)} is present and intact. */
    public boolean contains(int actor, int dataId) {
        return index.containsKey(key(actor, dataId));
    }

    /** The bytes of entry {@code (actor, dataId)}, or null when the file lacks it. */
    public byte[] read(int actor, int dataId) throws IOException {
        Location l = index.get(key(actor, dataId));
        if (l == null) {
            return null;
        }
        ByteBuffer b = ByteBuffer.allocate(l.length);
        while (b.hasRemaining()) {
            if (channel.read(b, l.offset + b.position()) < 0) {
                throw new IOException(file + ": data entry at byte offset " + l.offset + " is cut short");
            }
        }
        return b.array();
    }

    /** Number of entries indexed. */
    public int entries() {
        return index.size();
    }

    public long chunks() {
        return chunks;
    }

    /** Damaged chunks and malformed entries, in file order. */
    public List<TraceProblem> problems() {
        return List.copyOf(problems);
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
        }
    }
}
