package dev.reprise.runtime;

import static dev.reprise.trace.LittleEndian.getInt;
import static dev.reprise.trace.LittleEndian.getLong;
import static dev.reprise.trace.LittleEndian.putInt;
import static dev.reprise.trace.LittleEndian.putLong;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;

/**
 * One recording thread's system-call results on their way to the writer: the thread appends each
 * entry to a chunk of its own and publishes it with one ordered store, so a program that makes
 * many system calls (a promise race records one per resolve) pays neither a shared
 * compare-and-set nor a queue node per call. The writer drains every thread's stage whenever it
 * drains data.
 *
 * <p>One producer (the owning thread), one consumer (the writer). Who touches what:
 * <table>
 * <caption>fields and their accessors</caption>
 * <tr><th>field</th><th>written by</th><th>read by</th></tr>
 * <tr><td>{@code tail}, {@code position}, a chunk's bytes</td><td>owner (plain)</td>
 *     <td>owner; the writer reads a chunk's bytes below its {@code published} only</td></tr>
 * <tr><td>{@code Chunk.published}</td><td>owner, ordered store after the bytes ({@code soPublished})</td>
 *     <td>writer, volatile load ({@code lvPublished})</td></tr>
 * <tr><td>{@code Chunk.next}</td><td>owner, once, ordered store after the chunk's last publication ({@code soNext})</td>
 *     <td>writer, volatile load ({@code lvNext})</td></tr>
 * <tr><td>{@code head}, {@code Chunk.read}</td><td>writer (plain)</td><td>writer</td></tr>
 * </table>
 * A chunk reserves its capacity from {@link DataMemory} when the owner starts it (one
 * compare-and-set per chunk), and the writer gives it back once it has written the chunk and the
 * owner has moved on; a thread holds at most one chunk that is not full.
 */
final class DataStage {
    /** A chunk's capacity, unless one entry needs more. */
    static final int CHUNK_BYTES = 4096;
    /** Owner id, data id (8 bytes each) and the value's length (4 bytes) before each value. */
    static final int ENTRY_HEADER = 20;

    /** Where the writer puts each staged entry: {@code value[offset, offset + length)}. */
    interface Sink {
        void entry(long owner, long dataId, byte[] bytes, int offset, int length) throws IOException;
    }

    static final class Chunk {
        private static final VarHandle PUBLISHED;
        private static final VarHandle NEXT;

        static {
            try {
                MethodHandles.Lookup lookup = MethodHandles.lookup();
                PUBLISHED = lookup.findVarHandle(Chunk.class, "published", int.class);
                NEXT = lookup.findVarHandle(Chunk.class, "next", Chunk.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final byte[] bytes;
        private volatile int published;
        private volatile Chunk next;
        /** Writer only: where its next unread entry starts. */
        int read;

        Chunk(int capacity) {
            this.bytes = new byte[capacity];
        }

        void soPublished(int position) {
            PUBLISHED.setRelease(this, position);
        }

        int lvPublished() {
            return published;
        }

        void soNext(Chunk chunk) {
            NEXT.setRelease(this, chunk);
        }

        Chunk lvNext() {
            return next;
        }
    }

    private final int chunkBytes;
    /** Owner: the chunk it appends to, and where. */
    private Chunk tail;

    private int position;
    /** Writer: the oldest chunk it has not finished. */
    private Chunk head;

    /** A stage whose chunks hold {@code chunkBytes} (smaller when the data memory bound is small). */
    DataStage(int chunkBytes) {
        this.chunkBytes = chunkBytes;
        this.tail = new Chunk(0); // reserves nothing: the first entry starts a real chunk
        this.head = tail;
    }

    /**
     * Owner thread: stages {@code (owner, dataId)} with {@code value}. A new chunk first reserves
     * its room from {@code memory} (waiting while {@code mayWait} says so); false when it could
     * not, and the entry is dropped.
     */
    boolean offer(
            long owner, long dataId, byte[] value, DataMemory memory, BooleanSupplier mayWait, LongAdder blocked) {
        int need = ENTRY_HEADER + value.length;
        Chunk c = tail;
        int at = position;
        if (c.bytes.length - at < need) {
            int capacity = Math.max(need, chunkBytes);
            if (!memory.reserve(capacity, mayWait, blocked)) {
                return false;
            }
            Chunk n = new Chunk(capacity);
            c.soNext(n); // after c's last publication: the writer finishes c before it moves on
            tail = c = n;
            at = 0;
        }
        byte[] b = c.bytes;
        putLong(b, at, owner);
        putLong(b, at + 8, dataId);
        putInt(b, at + 16, value.length);
        System.arraycopy(value, 0, b, at + ENTRY_HEADER, value.length);
        position = at + need;
        c.soPublished(position);
        return true;
    }

    /**
     * Writer: hands every entry published so far to {@code sink}, in the order staged; returns the
     * bytes of the chunks it finished, whose room goes back to the data memory. An entry the sink
     * failed on is handed again at the next drain.
     */
    long drain(Sink sink) throws IOException {
        long finished = 0;
        Chunk c = head;
        while (true) {
            readPublished(c, sink);
            Chunk n = c.lvNext();
            if (n == null) {
                return finished;
            }
            readPublished(c, sink); // what the owner published before it linked n: then c is complete
            finished += c.bytes.length;
            c = n;
            head = n;
        }
    }

    /**
     * Writer, once the owner has died: drains, and returns the room of every chunk, including the
     * last one, which nobody will fill.
     */
    long retire(Sink sink) throws IOException {
        long finished = drain(sink);
        finished += head.bytes.length;
        head = new Chunk(0);
        return finished;
    }

    private static void readPublished(Chunk c, Sink sink) throws IOException {
        int published = c.lvPublished();
        byte[] b = c.bytes;
        while (c.read < published) {
            int at = c.read;
            int length = getInt(b, at + 16);
            sink.entry(getLong(b, at), getLong(b, at + 8), b, at + ENTRY_HEADER, length);
            c.read = at + ENTRY_HEADER + length;
        }
    }
}
