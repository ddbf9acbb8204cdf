package dev.reprise.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The subtraces of an events file in file order (not yet in per-actor order), decoded chunk by
 * chunk: memory holds one chunk at a time. A chunk whose events do not decode is reported as
 * {@link TraceProblem.Kind#MALFORMED} and skipped as a whole.
 */
public final class SubtraceStream implements AutoCloseable {
    private final ChunkScanner scanner;
    private final ChunkDecoder decoder;
    private final ArrayDeque<Subtrace> pending = new ArrayDeque<>();
    private final List<TraceProblem> malformed = new ArrayList<>();
    private Consumer<Chunk> chunkListener = c -> {};

    private SubtraceStream(ChunkScanner scanner) {
        this.scanner = scanner;
        this.decoder = new ChunkDecoder(scanner.version());
    }

    /** Opens an events file; see {@link ChunkScanner#open} for the exceptions. */
    public static SubtraceStream open(Path eventsFile) throws IOException {
        return new SubtraceStream(ChunkScanner.open(eventsFile, FileKind.EVENTS));
    }

    /** The events file's format version (what an id means may depend on it: {@link TraceIds}). */
    public int version() {
        return scanner.version();
    }

    /** Called with every good chunk, before its subtraces are returned. */
    public void onChunk(Consumer<Chunk> listener) {
        this.chunkListener = listener;
    }

    /** The next subtrace in file order, or null at the end. */
    public Subtrace next() throws IOException {
        while (pending.isEmpty()) {
            Chunk chunk = scanner.next();
            if (chunk == null) {
                return null;
            }
            chunkListener.accept(chunk);
            try {
                pending.addAll(decoder.decode(chunk.payload(), chunk.payload().length, chunk.info()));
            } catch (MalformedChunkException e) {
                malformed.add(new TraceProblem(
                        TraceProblem.Kind.MALFORMED,
                        scanner.file(),
                        chunk.info().index(),
                        chunk.info().offset() + ChunkFormat.HEADER_SIZE + e.payloadOffset,
                        "undecodable event: " + e.getMessage() + " (the whole chunk is skipped)"));
            }
        }
        return pending.poll();
    }

    /** Problems found so far: damaged chunks and undecodable events, in file order. */
    public List<TraceProblem> problems() {
        List<TraceProblem> all = new ArrayList<>(scanner.problems());
        all.addAll(malformed);
        all.sort((a, b) -> Long.compare(a.offset(), b.offset()));
        return all;
    }

    /** True when the events file was found to end inside a chunk. */
    public boolean truncated() {
        return scanner.truncated();
    }

    @Override
    public void close() throws IOException {
        scanner.close();
    }
}
