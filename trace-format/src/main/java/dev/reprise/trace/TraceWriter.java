package dev.reprise.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes a whole trace directory: events file, data file and metadata. Used by the recorder's
 * single writer thread (and by tests to make real traces). The metadata says "not clean" from the
 * start; {@link #finish} rewrites it with the end time, the counts and a clean end.
 */
public final class TraceWriter implements AutoCloseable {
    /** Size the data file's entries are grouped to. */
    public static final int DATA_CHUNK_SIZE = 256 * 1024;

    private final Path directory;
    private final FileAttribute<?>[] fileAttributes;
    private final ChunkFileWriter events;
    private final DataFileWriter data;
    /** Whether the metadata and the directory entries are forced to disk as they are written. */
    private final boolean durable;

    private TraceMetadata metadata;
    private boolean closed;
    // The files' sizes when last forced (-1: never), so a force that has nothing new to write is skipped.
    private long forcedEventBytes = -1;
    private long forcedDataBytes = -1;

    private TraceWriter(
            Path directory,
            FileAttribute<?>[] fileAttributes,
            ChunkFileWriter events,
            DataFileWriter data,
            boolean durable,
            TraceMetadata metadata) {
        this.directory = directory;
        this.fileAttributes = fileAttributes;
        this.events = events;
        this.data = data;
        this.durable = durable;
        this.metadata = metadata;
    }

    /**
     * Creates the trace directory (and its parents) and the trace files in it; event chunks are
     * deflated.
     *
     * @throws java.nio.file.FileAlreadyExistsException when the directory already holds a trace
     */
    public static TraceWriter create(Path directory, TraceMetadata metadata) throws IOException {
        return create(directory, metadata, true, TraceAccess.PRIVATE);
    }

    /**
     * Like {@link #create(Path, TraceMetadata)}; {@code deflate} false stores event and data chunks
     * as they are (less work for the writer thread, several times the size); {@code access} says who
     * may read the directory and files it creates.
     */
    public static TraceWriter create(Path directory, TraceMetadata metadata, boolean deflate, TraceAccess access)
            throws IOException {
        return create(directory, metadata, deflate, access, false);
    }

    /**
     * Like {@link #create(Path, TraceMetadata, boolean, TraceAccess)}; when {@code durable}, every
     * metadata rewrite is forced to disk (the new directory and files by {@link #forceCreation},
     * the events and data files by {@link #sync}).
     */
    public static TraceWriter create(
            Path directory, TraceMetadata metadata, boolean deflate, TraceAccess access, boolean durable)
            throws IOException {
        access.createDirectory(directory);
        FileAttribute<?>[] attributes = access.fileAttributes(directory);
        for (String name : new String[] {TraceFiles.EVENTS, TraceFiles.DATA, TraceFiles.METADATA}) {
            if (Files.exists(directory.resolve(name))) {
                throw new java.nio.file.FileAlreadyExistsException(
                        directory.toString(),
                        null,
                        "the directory already holds a trace (" + name + "); choose another directory or delete it");
            }
        }
        metadata.write(directory, attributes); // forced by forceCreation, off the caller's thread
        ChunkFileWriter events =
                ChunkFileWriter.create(TraceFiles.events(directory), FileKind.EVENTS, deflate, attributes);
        DataFileWriter data;
        try {
            data = DataFileWriter.create(TraceFiles.data(directory), DATA_CHUNK_SIZE, deflate, attributes);
        } catch (IOException e) {
            events.close();
            throw e;
        }
        return new TraceWriter(directory, attributes, events, data, durable, metadata);
    }

    /**
     * Forces the new trace to disk: the first metadata, the files' entries in the trace
     * directory, and the directory's own entry, so a machine crash still finds the trace. Not
     * done by {@link #create}, so the thread that starts a recording does not wait for the disk
     * (several milliseconds each time on a busy one): a writer thread calls this first, before
     * the trace's first chunk.
     */
    public void forceCreation() throws IOException {
        FileSync.forceFile(TraceFiles.metadata(directory));
        FileSync.forceDirectory(directory);
        Path parent = directory.toAbsolutePath().getParent();
        if (parent != null) {
            FileSync.forceDirectory(parent); // the trace directory's own entry
        }
    }

    public Path directory() {
        return directory;
    }

    /** Appends an event buffer as one chunk of {@code thread}'s sequence. */
    public void writeEvents(int thread, long sequence, byte[] payload, int length) throws IOException {
        events.write(thread, sequence, payload, length);
    }

    /**
     * Appends the first {@code length} bytes of {@code buffer}'s events and its first {@code marks}
     * fingerprints as one chunk of {@code thread}'s sequence.
     */
    public void writeEvents(int thread, long sequence, EventBuffer buffer, int length, int marks) throws IOException {
        events.write(thread, sequence, buffer.array(), length, buffer.marksTrailer(marks));
    }

    /** Appends a data entry (the payload's remaining bytes, consumed). */
    public void writeData(long actor, long dataId, ByteBuffer payload) throws IOException {
        data.append(actor, dataId, payload);
    }

    /** Writes out staged data entries. */
    public void flush() throws IOException {
        data.flush();
    }

    /**
     * Writes out staged data entries, then forces the events and data files to the storage device
     * (fdatasync), so what was written survives a machine crash. A file that has not grown since
     * it was last forced is not forced again (the writer's last sync and the clean end's would
     * otherwise both force it).
     */
    public void sync() throws IOException {
        data.flush();
        if (events.bytes() != forcedEventBytes) {
            events.force();
            forcedEventBytes = events.bytes();
        }
        if (data.bytes() != forcedDataBytes) {
            data.force();
            forcedDataBytes = data.bytes();
        }
    }

    public long eventBytes() {
        return events.bytes();
    }

    public long dataBytes() {
        return data.bytes();
    }

    /**
     * Rewrites the metadata, still saying "not clean", with the counts known so far (the agent's
     * errors) that must be on disk before the recording ends, which a crash may prevent. Written
     * atomically, with the trace files' own permissions.
     */
    public void writeProgress(Map<String, Long> counts) throws IOException {
        writeProgress(counts, metadata.notRecorded());
    }

    /** {@link #writeProgress(Map)}, saying that nothing is recorded and why ({@code notRecorded}, null: it is). */
    public void writeProgress(Map<String, Long> counts, String notRecorded) throws IOException {
        metadata = metadata.inProgress(counts).notRecorded(notRecorded);
        metadata.write(directory, durable, fileAttributes);
    }

    /**
     * Flushes and closes the files, then rewrites the metadata as a clean end with
     * {@code counts} plus the file counts ({@link TraceMetadata#EVENT_CHUNKS} and friends).
     */
    public void finish(Map<String, Long> counts) throws IOException {
        finish(counts, metadata.notRecorded());
    }

    /** {@link #finish(Map)}, saying that nothing was recorded and why ({@code notRecorded}, null: it was). */
    public void finish(Map<String, Long> counts, String notRecorded) throws IOException {
        if (durable && !closed) {
            sync(); // a clean end on disk promises every chunk it counts
        }
        closeFiles();
        Map<String, Long> all = new HashMap<>(counts);
        all.put(TraceMetadata.EVENT_CHUNKS, events.chunks());
        all.put(TraceMetadata.HUFFMAN_CHUNKS, events.huffmanChunks());
        all.put(TraceMetadata.DATA_CHUNKS, data.chunks());
        all.put(TraceMetadata.DATA_ENTRIES, data.entries());
        metadata = metadata.finish(all).notRecorded(notRecorded);
        metadata.write(directory, durable, fileAttributes);
    }

    /** The metadata as last written. */
    public synchronized TraceMetadata metadata() {
        return metadata;
    }

    /**
     * After {@link #finish}: the metadata gets one more count, {@code key} = {@code value} (how
     * the run ended, known only once it ends: a program that calls {@code System.exit} after its
     * last actor system terminated, which finished the trace). Written atomically, as always.
     */
    public synchronized void countAfterFinish(String key, long value) throws IOException {
        Map<String, Long> all = new HashMap<>(metadata.counts());
        all.put(key, value);
        metadata = new TraceMetadata(
                metadata.formatVersion(),
                metadata.program(),
                metadata.jvm(),
                metadata.start(),
                metadata.end(),
                metadata.cleanEnd(),
                metadata.settings(),
                all,
                metadata.notRecorded());
        metadata.write(directory, durable, fileAttributes);
    }

    /** Closes the files; unless {@link #finish} ran, the metadata keeps saying "not clean". */
    @Override
    public void close() throws IOException {
        closeFiles();
    }

    private void closeFiles() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            data.close();
        } finally {
            events.close();
        }
    }
}
