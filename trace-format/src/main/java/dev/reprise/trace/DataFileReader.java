package dev.reprise.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the external-data file. Opening it scans every chunk once (verifying checksums) and
 * indexes the entries by (actor, data id) ({@link DataIndex}); {@link #read} then fetches one
 * entry's bytes with a positional read. Damaged chunks are reported and their entries are absent; the rest is usable.
 * A trace without a data file (no external data recorded) reads as empty.
 */
public final class DataFileReader implements AutoCloseable {
    private final Path file;
    private final FileChannel channel;
    private final DataIndex index = new DataIndex();
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
                r.indexChunk(c, scanner.version() >= FileHeader.WIDE_IDS);
            }
            r.problems.addAll(scanner.problems());
            r.problems.sort((a, b) -> Long.compare(a.offset(), b.offset()));
        } catch (IOException | RuntimeException e) {
            r.close();
            throw e;
        }
        return r;
    }

    /** Indexes a chunk's entries: varint ids ({@code varintIds}, format version 4 and later) or u32 ones. */
    private void indexChunk(Chunk c, boolean varintIds) {
        byte[] p = c.payload();
        long base = c.info().offset() + ChunkFormat.HEADER_SIZE;
        int at = 0;
        long[] varint = new long[2];
        while (at < p.length) {
            int start = at;
            long actor = 0;
            long dataId = 0;
            if (varintIds) {
                at = varLong(p, at, varint);
                actor = varint[0];
                if (at >= 0) {
                    at = varLong(p, at, varint);
                    dataId = varint[0];
                }
            } else if (p.length - at >= 8) {
                actor = LittleEndian.getInt(p, at) & 0xFFFFFFFFL;
                dataId = LittleEndian.getInt(p, at + 4) & 0xFFFFFFFFL;
                at += 8;
            } else {
                at = -1;
            }
            if (at < 0 || p.length - at < 4) {
                malformed(c, start, "entry header runs past the end of the chunk");
                return;
            }
            long length = LittleEndian.getInt(p, at) & 0xFFFFFFFFL;
            at += 4;
            if (length > p.length - at) {
                malformed(c, start, "entry of " + length + " bytes runs past the end of the chunk");
                return;
            }
            if (!index.put(actor, dataId, base + at, (int) length)) {
                problems.add(new TraceProblem(
                        TraceProblem.Kind.MALFORMED,
                        file,
                        c.info().index(),
                        base + start,
                        "data " + dataId + " of actor " + actor + " is recorded twice"));
            }
            at += (int) length;
        }
    }

    /** Reads a varint at {@code at} into {@code out[0]}; returns the position after it, or -1 if it runs past the end. */
    private static int varLong(byte[] p, int at, long[] out) {
        long v = 0;
        for (int shift = 0; shift < 64 && at < p.length; shift += 7) {
            int x = p[at++] & 0xFF;
            v |= (long) (x & 0x7F) << shift;
            if ((x & 0x80) == 0) {
                out[0] = v;
                return at;
            }
        }
        return -1;
    }

    private void malformed(Chunk c, int at, String why) {
        problems.add(new TraceProblem(
                TraceProblem.Kind.MALFORMED,
                file,
                c.info().index(),
                c.info().offset() + ChunkFormat.HEADER_SIZE + at,
                why + " (later entries of this chunk are lost)"));
    }

    /** True when entry {@code (actor, dataId)} is present and intact. */
    public boolean contains(long actor, long dataId) {
        return index.find(actor, dataId) != null;
    }

    /** The bytes of entry {@code (actor, dataId)}, or null when the file lacks it. */
    public byte[] read(long actor, long dataId) throws IOException {
        DataIndex.Location at = index.find(actor, dataId);
        if (at == null) {
            return null;
        }
        long offset = at.offset();
        ByteBuffer b = ByteBuffer.allocate(at.length());
        while (b.hasRemaining()) {
            if (channel.read(b, offset + b.position()) < 0) {
                throw new IOException(file + ": data entry at byte offset " + offset + " is cut short");
            }
        }
        return b.array();
    }

    /** The data ids of {@code actor}'s entries that are present and intact, in increasing order. */
    public long[] dataIdsOf(long actor) {
        return index.dataIdsOf(actor);
    }

    /** The byte offset in the file of entry {@code (actor, dataId)}'s bytes, or -1 when the file lacks it. */
    public long offsetOf(long actor, long dataId) {
        DataIndex.Location at = index.find(actor, dataId);
        return at == null ? -1 : at.offset();
    }

    /**
     * Forgets {@code actor}'s entries: a replay that is done with the actor frees their index. Not
     * while another thread reads: reads alone may run concurrently, this may not.
     */
    public void forget(long actor) {
        index.forget(actor);
    }

    /** The data file. */
    public Path file() {
        return file;
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
