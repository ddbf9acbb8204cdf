package dev.reprise.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32C;

/**
 * Random access to a trace for replay. One scan at open records, for each actor, which chunks
 * hold its subtraces and their counter range; afterwards each actor reads only the chunks it
 * needs, when it needs them. Memory follows what each actor has in flight (its subtraces in the
 * chunks around its current position), never the trace: an actor that sleeps until the end of the
 * trace does not make others read ahead. Thread-safe.
 */
public final class TraceIndex implements AutoCloseable {
    /** Where one actor has subtraces: a chunk, and the (unwrapped) counter range it holds. */
    private record Entry(long offset, long chunk, long minCounter, long maxCounter) {}

    private final Path file;
    private final FileChannel channel;
    private final Map<Integer, List<Entry>> entries;
    private final List<TraceProblem> problems;
    private final List<Integer> actors;
    private volatile long chunksRead;

    private TraceIndex(Path file, FileChannel channel, Map<Integer, List<Entry>> entries, List<TraceProblem> problems,
                       List<Integer> actors) {
        this.file = file;
        this.channel = channel;
        this.entries = entries;
        this.problems = problems;
        this.actors = actors;
    }

    /** Scans the events file of the trace in {@code dir} and indexes it. */
    public static TraceIndex open(Path dir) throws IOException {
        Path file = TraceFiles.events(dir);
        Map<Integer, List<Entry>> entries = new HashMap<>();
        Map<Integer, Long> lastCounter = new HashMap<>();
        List<Integer> actors = new ArrayList<>();
        List<TraceProblem> problems;
        try (SubtraceStream stream = SubtraceStream.open(file)) {
            Map<Integer, long[]> inChunk = new HashMap<>();
            long chunkOffset = -1;
            long chunkIndex = -1;
            for (Subtrace s; (s = stream.next()) != null; ) {
                if (s.origin().offset() != chunkOffset) {
                    flush(entries, inChunk, chunkOffset, chunkIndex);
                    chunkOffset = s.origin().offset();
                    chunkIndex = s.origin().index();
                }
                long last = lastCounter.getOrDefault(s.actor(), -1L);
                if (last < 0) {
                    actors.add(s.actor());
                }
                // Unwrap the 32-bit counter near the actor's last one (chunks are roughly in time order).
                long counter = last < 0 ? s.counter() : SubtraceOrder.unwrap(last, s.counter());
                lastCounter.put(s.actor(), counter);
                long[] range = inChunk.computeIfAbsent(s.actor(), a -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
                range[0] = Math.min(range[0], counter);
                range[1] = Math.max(range[1], counter);
            }
            flush(entries, inChunk, chunkOffset, chunkIndex);
            problems = stream.problems();
        }
        for (List<Entry> l : entries.values()) {
            l.sort((a, b) -> Long.compare(a.minCounter, b.minCounter));
        }
        return new TraceIndex(file, FileChannel.open(file, StandardOpenOption.READ), entries, problems,
                Collections.unmodifiableList(actors));
    }

    private static void flush(Map<Integer, List<Entry>> entries, Map<Integer, long[]> inChunk, long offset, long chunk) {
        inChunk.forEach((actor, r) -> entries.computeIfAbsent(actor, a -> new ArrayList<>())
                .add(new Entry(offset, chunk, r[0], r[1])));
        inChunk.clear();
    }

    /** Actors with events, in order of first appearance. */
    public List<Integer> actors() {
        return actors;
    }

    /** Damaged chunks and undecodable events found by the scan. */
    public List<TraceProblem> problems() {
        return problems;
    }

    /** A new reader of {@code actor}'s events (empty if it has none). */
    public ActorEventSource actor(int actor) {
        return new Reader(actor, entries.getOrDefault(actor, List.of()));
    }

    /** Reads and decodes the chunk at {@code offset} (verified again: the file may have changed). */
    private List<Subtrace> chunkAt(long offset, long index) throws IOException {
        byte[] header = new byte[ChunkFormat.HEADER_SIZE];
        read(offset, header);
        int length = LittleEndian.getInt(header, 16);
        byte[] payload = new byte[length];
        read(offset + ChunkFormat.HEADER_SIZE, payload);
        CRC32C crc = ChunkFormat.startCrc(header);
        crc.update(payload, 0, length);
        if ((int) crc.getValue() != LittleEndian.getInt(header, 20)) {
            throw new IOException(file + ": the chunk at byte offset " + offset + " changed since the trace was opened");
        }
        chunksRead++;
        ChunkInfo info = new ChunkInfo(LittleEndian.getInt(header, 4), LittleEndian.getLong(header, 8), index, offset);
        try {
            return new ChunkDecoder().decode(payload, length, info);
        } catch (MalformedChunkException e) {
            throw new IOException(file + ": the chunk at byte offset " + offset + " does not decode: " + e.getMessage());
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
        channel.close();
    }

    /** One actor's events: loads the chunks that may hold its next subtrace, in counter order. */
    private final class Reader implements ActorEventSource {
        private final int actor;
        private final List<Entry> chunks;
        private int nextChunk;
        private final TreeMap<Long, Subtrace> loaded = new TreeMap<>();
        private long expected;
        private boolean ended;
        private Subtrace current;
        private Iterator<TraceEvent> events = Collections.emptyIterator();

        Reader(int actor, List<Entry> chunks) {
            this.actor = actor;
            this.chunks = chunks;
        }

        @Override
        public TraceEvent next() throws IOException {
            while (!events.hasNext()) {
                Subtrace s = nextSubtrace();
                if (s == null) {
                    return null;
                }
                current = s;
                events = s.events().iterator();
            }
            return events.next();
        }

        private Subtrace nextSubtrace() throws IOException {
            if (ended) {
                return null;
            }
            // Load every chunk that may hold the expected counter (chunks sorted by their lowest counter).
            while (!loaded.containsKey(expected) && nextChunk < chunks.size()
                    && chunks.get(nextChunk).minCounter <= expected) {
                Entry e = chunks.get(nextChunk++);
                for (Subtrace s : chunkAt(e.offset, e.chunk)) {
                    if (s.actor() == actor) {
                        long c = SubtraceOrder.unwrap(expected, s.counter());
                        if (c >= expected) {
                            loaded.put(c, c == s.counter() ? s : new Subtrace(actor, c, s.events(), s.origin()));
                        }
                    }
                }
            }
            Subtrace s = loaded.remove(expected);
            if (s == null) {
                ended = true;
                return null;
            }
            expected++;
            return s;
        }

        @Override
        public Subtrace currentSubtrace() {
            return current;
        }

        @Override
        public long missingSubtrace() {
            return ended && (!loaded.isEmpty() || nextChunk < chunks.size()) ? expected : -1;
        }
    }

    /** Chunks decoded for actors so far (each chunk once per actor that has subtraces in it). */
    long chunksRead() {
        return chunksRead;
    }
}
