package dev.reprise.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.AbstractList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Random access to a trace for replay. One scan at open records, for each actor, which chunks
 * hold its subtraces and their counter range; afterwards each actor reads only the chunks it
 * needs, when it needs them. Memory follows what each actor has in flight (its subtraces in the
 * chunks around its current position), never the trace: an actor that sleeps until the end of the
 * trace does not make others read ahead. Thread-safe.
 */
public final class TraceIndex implements AutoCloseable {
    private final Path file;
    private final FileChannel channel;
    private final ActorChunks actorChunks;
    private final List<TraceProblem> problems;
    private final EventTally recorded;
    private final int version;
    private volatile long chunksRead;
    /**
     * Heap that the kept decoded chunks may take together ({@link ChunkEvents#retainedBytes}):
     * 1/32 of the heap's limit, between 1 and 64 MB. Under the default dispatcher an actor's
     * subtraces spread over many threads' chunks and the actors drift apart in the trace: bounded
     * at 256k events, ForkJoinThroughput's replay (60 actors, 40,000 events a chunk) decoded
     * chunks over and over and took 30 times as long as its recording. A run of repeated messages
     * shares one event object, so such chunks cost about 5 bytes an event.
     */
    static final long DECODED_BYTES_KEPT =
            Math.min(64L << 20, Math.max(1L << 20, Runtime.getRuntime().maxMemory() >> 5));

    /** Guarded by itself. */
    private final DecodedChunks decoded;
    /** Where every actor's reader takes its chunks: one for all ({@link #chunkAt}). */
    private final ActorRuns.Chunks chunkSource = this::chunkAt;

    private TraceIndex(
            Path file,
            FileChannel channel,
            ActorChunks actorChunks,
            List<TraceProblem> problems,
            EventTally recorded,
            int version) {
        this.file = file;
        this.channel = channel;
        this.actorChunks = actorChunks;
        this.problems = problems;
        this.recorded = recorded;
        this.version = version;
        this.decoded = new DecodedChunks(actorChunks.takeActorsPerChunk(), DECODED_BYTES_KEPT);
    }

    /**
     * Scans the events file of the trace in {@code dir} and indexes it. An index too large for
     * the heap is an {@link IOException} that says how to give it room.
     */
    public static TraceIndex open(Path dir) throws IOException {
        Path file = TraceFiles.events(dir);
        try {
            return scan(file);
        } catch (OutOfMemoryError e) {
            // The scan's arrays are garbage once it has thrown: there is room again for the message.
            long limit = Runtime.getRuntime().maxMemory() >> 20;
            throw new IOException(
                    "the index of " + file + " (" + (Files.size(file) >> 20) + " MB) does not fit in "
                            + "this JVM's heap (at most " + limit
                            + " MB): beside its files, it keeps a few bytes per chunk and per actor with a large id. "
                            + "Give the replay a larger heap, e.g. -Xmx" + 2 * limit + "m",
                    e);
        } catch (IllegalStateException e) { // past the index's limits: 2^31 entries, 2 GB once compacted
            throw new IOException("the index of " + file + " cannot be built: " + e.getMessage(), e);
        } catch (UncheckedIOException | InternalError e) {
            // A temporary file that cannot grow, or whose pages cannot be written (a full disk faults the mapping).
            throw new IOException(
                    "the index of " + file + " needs about 20 bytes of space in java.io.tmpdir ("
                            + System.getProperty("java.io.tmpdir") + ") for each actor and chunk it appears in: "
                            + e.getMessage() + ". Free some, or give the JVM another with -Djava.io.tmpdir=DIR",
                    e);
        }
    }

    private static TraceIndex scan(Path file) throws IOException {
        ActorChunks index = new ActorChunks();
        try {
            return scan(file, index);
        } catch (IOException | RuntimeException | Error e) {
            index.close();
            throw e;
        }
    }

    private static TraceIndex scan(Path file, ActorChunks index) throws IOException {
        EventTally recorded = new EventTally();
        List<TraceProblem> problems;
        int version;
        try (SubtraceStream stream = SubtraceStream.open(file)) {
            long chunkOffset = -1;
            for (Subtrace s; (s = stream.next()) != null; ) {
                if (s.origin().offset() != chunkOffset) {
                    chunkOffset = s.origin().offset();
                    index.startChunk(chunkOffset, s.origin().index());
                }
                index.add(s.actor(), s.counter(), s.events().size());
                s.events().forEach(recorded::add);
            }
            problems = stream.problems();
            version = stream.version();
        }
        index.compact();
        return new TraceIndex(
                file, FileChannel.open(file, StandardOpenOption.READ), index, problems, recorded, version);
    }

    /** The readable trace's events counted by kind, as {@code reprise stats} counts them. */
    public EventTally recorded() {
        return recorded;
    }

    /** The events file's format version (what an id means may depend on it: {@link TraceIds}). */
    public int formatVersion() {
        return version;
    }

    /** Actors with events, in no particular order (built on each call: a trace may have millions). */
    public List<Long> actors() {
        long[] ids = actorChunks.actors();
        return new AbstractList<>() {
            @Override
            public Long get(int i) {
                return ids[i];
            }

            @Override
            public int size() {
                return ids.length;
            }
        };
    }

    /** Damaged chunks and undecodable events found by the scan. */
    public List<TraceProblem> problems() {
        return problems;
    }

    /** Drops what the index keeps about {@code actor}, whose events are all read (its readers keep working). */
    public void forget(long actor) {
        actorChunks.forget(actor);
    }

    /** A new reader of {@code actor}'s events (empty if it has none). */
    public ActorEventSource actor(long actor) {
        return new ActorRuns(actor, actorChunks.of(actor), chunkSource);
    }

    /**
     * The chunk of {@code entry}, decoded. Actors move through a trace roughly together, so the
     * chunk one actor needs next was usually just decoded for another: a decoded chunk is kept
     * until each actor in it took it, or the bound pushed it out ({@link DecodedChunks}), which
     * spares a trace of many actors from decoding each chunk once per actor in it.
     */
    private ChunkEvents chunkAt(ActorChunks.Entry entry) throws IOException {
        int c = entry.ordinal();
        synchronized (decoded) {
            ChunkEvents hit = decoded.take(c);
            if (hit != null) {
                return hit;
            }
        }
        ChunkEvents chunk = decodeChunkAt(entry);
        synchronized (decoded) {
            return decoded.keep(c, chunk);
        }
    }

    /** Reads and decodes the chunk of {@code entry} (verified again: the file may have changed). */
    private ChunkEvents decodeChunkAt(ActorChunks.Entry entry) throws IOException {
        long offset = entry.offset();
        byte[] header = new byte[ChunkFormat.HEADER_SIZE];
        read(offset, header);
        long length = ChunkFormat.storedLength(header);
        byte[] stored = new byte[(int) Math.max(0, length)];
        read(offset + ChunkFormat.HEADER_SIZE, stored);
        CRC32C crc = ChunkFormat.startCrc(header);
        crc.update(stored, 0, stored.length);
        if (length < 0 || (int) crc.getValue() != LittleEndian.getInt(header, 20)) {
            throw new IOException(
                    file + ": the chunk at byte offset " + offset + " changed since the trace was opened");
        }
        chunksRead++;
        ChunkInfo info =
                new ChunkInfo(LittleEndian.getInt(header, 4), LittleEndian.getLong(header, 8), entry.chunk(), offset);
        try {
            byte[] payload = ChunkFormat.payload(header, stored);
            return new ChunkDecoder(version)
                    .decodeEvents(payload, payload.length, info, entry.chunkSubtraces(), entry.chunkEvents());
        } catch (MalformedChunkException e) {
            throw new IOException(
                    file + ": the chunk at byte offset " + offset + " does not decode: " + e.getMessage());
        }
    }

    private void read(long at, byte[] dst) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(dst);
        while (b.hasRemaining()) {
            if (channel.read(b, at + b.position()) < 0) {
                throw new IOException(file + ": cut short at byte offset " + (at + b.position()));
            }
        }
    }

    @Override
    public void close() throws IOException {
        try (actorChunks) {
            channel.close();
        }
    }

    /** Chunks decoded so far (a chunk is decoded again only once it has left the kept ones). */
    long chunksRead() {
        return chunksRead;
    }
}
