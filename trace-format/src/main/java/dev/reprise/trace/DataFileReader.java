package dev.reprise.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the external-data file. Opening it scans every chunk once (verifying checksums) and
 * indexes the entries by (actor, data id) ({@link DataIndex}); {@link #read} then fetches one
 * entry's bytes with a positional read, or from its chunk inflated again when the chunk is stored
 * deflated (a few such chunks are kept inflated, as a replay reads entries in about file order).
 * Damaged chunks are reported and their entries are absent; the rest is usable.
 * A trace without a data file (no external data recorded) reads as empty.
 */
public final class DataFileReader implements AutoCloseable {
    private final Path file;
    private final FileChannel channel;
    private final DataIndex index = new DataIndex();
    private final List<TraceProblem> problems = new ArrayList<>();
    private long chunks;
    /** The deflated chunks' file offsets (of their headers) and stored payload lengths, by their number among them. */
    private long[] deflatedAt = new long[8];

    private int[] deflatedLength = new int[8];
    private int deflatedChunks;
    /** Deflated chunks inflated again, by their number; the most recently read last. */
    private final Map<Integer, byte[]> inflated = new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, byte[]> eldest) {
            return size() > INFLATED_KEPT;
        }
    };

    private static final int INFLATED_KEPT = 4;
    /**
     * An entry of a deflated chunk is located by this flag, the chunk's number among the deflated
     * ones (bits 32-62) and the entry's position in the inflated payload (bits 0-31), where an
     * entry of a stored chunk has its file offset.
     */
    private static final long IN_DEFLATED = Long.MIN_VALUE;

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
        long base = c.deflated() ? deflatedChunk(c) : c.info().offset() + ChunkFormat.HEADER_SIZE;
        int at = 0;
        long[] varint = new long[2];
        while (at < p.length) {
            int start = at;
            long actor = 0;
            long dataId = 0;
            if (varintIds) {
                at = LittleEndian.getVarLong(p, at, varint);
                actor = varint[0];
                if (at >= 0) {
                    at = LittleEndian.getVarLong(p, at, varint);
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
                        c.info().offset() + ChunkFormat.HEADER_SIZE + start,
                        "data " + dataId + " of actor " + actor + " is recorded twice"));
            }
            at += (int) length;
        }
    }

    /** Notes where deflated chunk {@code c} is; returns the location base of its entries. */
    private long deflatedChunk(Chunk c) {
        if (deflatedChunks == deflatedAt.length) {
            deflatedAt = Arrays.copyOf(deflatedAt, 2 * deflatedChunks);
            deflatedLength = Arrays.copyOf(deflatedLength, 2 * deflatedChunks);
        }
        deflatedAt[deflatedChunks] = c.info().offset();
        deflatedLength[deflatedChunks] = (int) c.storedLength();
        return IN_DEFLATED | (long) deflatedChunks++ << 32;
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
        if ((offset & IN_DEFLATED) != 0) {
            int from = (int) offset;
            return Arrays.copyOfRange(inflated((int) (offset >>> 32) & Integer.MAX_VALUE), from, from + at.length());
        }
        ByteBuffer b = ByteBuffer.allocate(at.length());
        readFully(b, offset, "data entry");
        return b.array();
    }

    /** The payload of deflated chunk {@code k}, inflated again (or kept from an earlier read). */
    private synchronized byte[] inflated(int k) throws IOException {
        byte[] p = inflated.get(k);
        if (p != null) {
            return p;
        }
        byte[] header = new byte[ChunkFormat.HEADER_SIZE];
        byte[] stored = new byte[deflatedLength[k]];
        readFully(ByteBuffer.wrap(header), deflatedAt[k], "data chunk");
        readFully(ByteBuffer.wrap(stored), deflatedAt[k] + ChunkFormat.HEADER_SIZE, "data chunk");
        try {
            p = ChunkFormat.payload(header, stored);
        } catch (MalformedChunkException e) {
            throw new IOException(file + ": the deflated data chunk at byte offset " + deflatedAt[k]
                    + " no longer inflates (changed since the trace was opened): " + e.getMessage());
        }
        inflated.put(k, p);
        return p;
    }

    /** Fills {@code b} from byte {@code offset} of the file; {@code what} is there, for the error. */
    private void readFully(ByteBuffer b, long offset, String what) throws IOException {
        while (b.hasRemaining()) {
            if (channel.read(b, offset + b.position()) < 0) {
                throw new IOException(file + ": " + what + " at byte offset " + offset + " is cut short");
            }
        }
    }

    /** The data ids of {@code actor}'s entries that are present and intact, in increasing order. */
    public long[] dataIdsOf(long actor) {
        return index.dataIdsOf(actor);
    }

    /**
     * The byte offset in the file of entry {@code (actor, dataId)}'s bytes (of its chunk, when that
     * is stored deflated), or -1 when the file lacks it.
     */
    public long offsetOf(long actor, long dataId) {
        DataIndex.Location at = index.find(actor, dataId);
        if (at == null) {
            return -1;
        }
        long offset = at.offset();
        return (offset & IN_DEFLATED) == 0 ? offset : deflatedAt[(int) (offset >>> 32) & Integer.MAX_VALUE];
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
