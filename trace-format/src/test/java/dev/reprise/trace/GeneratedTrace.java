package dev.reprise.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A recording simulated the way the runtime records: several threads, each with its own small
 * {@link EventBuffer}, run actors in turn; a subtrace starts when a different actor runs on a
 * thread or a new buffer starts; full buffers become chunks. It knows the true per-actor event
 * sequences, so tests can check what the reader gives back, whatever order the chunks are in.
 */
final class GeneratedTrace {
    /** Ids at every width boundary (fixed widths, varint lengths, 2^31, 2^32), and small ones so that short forms happen. */
    static final long[] BOUNDARY_IDS = {
        0,
        1,
        2,
        5,
        127,
        128,
        255,
        256,
        300,
        32767,
        32768,
        65535,
        65536,
        (1 << 24) - 1,
        1 << 24,
        (1 << 28) - 1,
        1 << 28,
        Integer.MAX_VALUE,
        1L << 31,
        0xFFFF_FFFFL,
        1L << 32,
        1L << 35,
        1L << 40,
        1L << 56,
        Long.MAX_VALUE / 2,
        Long.MAX_VALUE
    };

    record EncodedChunk(int thread, long sequence, byte[] payload) {}

    record DataItem(long actor, long dataId, byte[] payload) {}

    final List<EncodedChunk> chunks = new ArrayList<>();
    final Map<Long, List<TraceEvent>> expected = new LinkedHashMap<>();
    final List<DataItem> data = new ArrayList<>();

    private GeneratedTrace() {}

    /**
     * @param actorIds the actors that run; senders and other ids are drawn from {@code idPool}
     * @param steps number of actor turns
     */
    static GeneratedTrace generate(
            long seed, int threads, long[] actorIds, long[] idPool, int steps, int bufferSize, Encoding encoding) {
        GeneratedTrace t = new GeneratedTrace();
        Random r = new Random(seed);
        EventBuffer[] buffers = new EventBuffer[threads];
        long[] sequences = new long[threads];
        long[] current = new long[threads];
        int[] openCounter = new int[threads];
        boolean[] open = new boolean[threads];
        Map<Long, Integer> counters = new HashMap<>();
        Map<Long, Long> dataIds = new HashMap<>();
        for (int i = 0; i < threads; i++) {
            buffers[i] = new EventBuffer(bufferSize, encoding);
        }
        for (int step = 0; step < steps; step++) {
            int th = r.nextInt(threads);
            long actor = actorIds[r.nextInt(actorIds.length)];
            t.expected.computeIfAbsent(actor, a -> new ArrayList<>());
            EventBuffer b = buffers[th];
            // Same rule as the runtime: a new subtrace unless this thread holds the actor's latest one.
            if (!open[th] || current[th] != actor || openCounter[th] != counters.get(actor) - 1) {
                openCounter[th] = startSubtrace(t, b, actor, counters, th, current, open, sequences);
            }
            int events = 1 + r.nextInt(r.nextInt(10) == 0 ? 60 : 4);
            long sameSender = idPool[r.nextInt(idPool.length)];
            for (int e = 0; e < events; e++) {
                if (!b.hasRoom()) {
                    t.flush(th, b, sequences);
                    openCounter[th] = startSubtrace(t, b, actor, counters, th, current, open, sequences);
                }
                TraceEvent ev = randomEvent(r, idPool, sameSender, actor, dataIds, t);
                append(b, ev);
                t.expected.get(actor).add(ev);
            }
        }
        for (int th = 0; th < threads; th++) {
            if (!buffers[th].isEmpty()) {
                t.flush(th, buffers[th], sequences);
            }
        }
        return t;
    }

    private static int startSubtrace(
            GeneratedTrace t,
            EventBuffer b,
            long actor,
            Map<Long, Integer> counters,
            int th,
            long[] current,
            boolean[] open,
            long[] sequences) {
        if (!b.hasRoom()) {
            t.flush(th, b, sequences);
        }
        int counter = counters.merge(actor, 1, Integer::sum) - 1;
        b.subtraceStart(actor, counter);
        current[th] = actor;
        open[th] = true;
        return counter;
    }

    private void flush(int th, EventBuffer b, long[] sequences) {
        byte[] copy = java.util.Arrays.copyOf(b.array(), b.size());
        chunks.add(new EncodedChunk(th + 1, sequences[th]++, copy));
        b.clear();
    }

    private static TraceEvent randomEvent(
            Random r, long[] pool, long sameSender, long actor, Map<Long, Long> dataIds, GeneratedTrace t) {
        int k = r.nextInt(21);
        long a = pool[r.nextInt(pool.length)];
        long b = pool[r.nextInt(pool.length)];
        if (k < 9) {
            return new TraceEvent.Message(sameSender);
        }
        return switch (k) {
            case 9, 10 -> new TraceEvent.Message(a);
            case 11, 12 -> new TraceEvent.PromiseMessage(a, b);
            case 13 -> new TraceEvent.Creation(a, CreationKind.values()[r.nextInt(CreationKind.values().length)]);
            case 14, 15 -> new TraceEvent.SystemCall(t.newData(actor, dataIds, r));
            case 16 -> new TraceEvent.ExternalMessage(a, r.nextInt(5), t.newData(a, dataIds, r));
            case 17 -> new TraceEvent.ExternalMessage(a, 1, 0); // order only
            case 18 -> new TraceEvent.ExternalPromiseMessage(a, b, r.nextInt(1000), t.newData(a, dataIds, r));
            case 20 -> {
                SystemMessageKind kind = SystemMessageKind.values()[r.nextInt(SystemMessageKind.values().length)];
                yield new TraceEvent.SystemMessageTurn(kind, kind.hasRelated() ? a : 0);
            }
            default -> new TraceEvent.Message(b);
        };
    }

    /**
     * A new data entry owned by {@code owner}: the calling actor, or the external sender. None for
     * the recorder's pseudo-actor, whose entries name outside sources ({@link SourceNames}): 0, no data.
     */
    private long newData(long owner, Map<Long, Long> dataIds, Random r) {
        if (owner == SourceNames.OWNER) {
            return 0;
        }
        long actor = owner;
        long id = dataIds.merge(actor, 1L, Long::sum);
        byte[] payload = ("value " + actor + "/" + id + " " + r.nextLong()).getBytes(StandardCharsets.UTF_8);
        data.add(new DataItem(actor, id, payload));
        return id;
    }

    static void append(EventBuffer b, TraceEvent e) {
        switch (e) {
            case TraceEvent.Message m -> b.message(m.sender());
            case TraceEvent.PromiseMessage m -> b.promiseMessage(m.sender(), m.resolver());
            case TraceEvent.ExternalMessage m -> b.externalMessage(m.sender(), m.eventType(), m.dataId());
            case TraceEvent.ExternalPromiseMessage m ->
                b.externalPromiseMessage(m.sender(), m.resolver(), m.eventType(), m.dataId());
            case TraceEvent.Creation c -> b.creation(c.child(), c.kind());
            case TraceEvent.SystemCall s -> b.systemCall(s.dataId());
            case TraceEvent.SystemMessageTurn t -> b.systemMessageTurn(t.kind(), t.related());
            case TraceEvent.Gap g -> b.gap(g.droppedEvents());
            case TraceEvent.TurnSends t -> b.turnSends(t.sends());
        }
    }

    /** Writes the trace with its chunks in the given order (indexes into {@link #chunks}), deflated. */
    void writeTo(Path dir, List<Integer> chunkOrder) throws IOException {
        writeTo(dir, chunkOrder, true);
    }

    void writeTo(Path dir, List<Integer> chunkOrder, boolean deflate) throws IOException {
        try (TraceWriter w = TraceWriter.create(
                dir, TraceMetadata.begin("test", Map.of("encoding", "test")), deflate, TraceAccess.PRIVATE)) {
            for (int i : chunkOrder) {
                EncodedChunk c = chunks.get(i);
                w.writeEvents(c.thread(), c.sequence(), c.payload(), c.payload().length);
            }
            for (DataItem d : data) {
                w.writeData(d.actor(), d.dataId(), ByteBuffer.wrap(d.payload()));
            }
            w.finish(Map.of("messages", messages()));
        }
    }

    void writeTo(Path dir) throws IOException {
        writeTo(dir, true);
    }

    void writeTo(Path dir, boolean deflate) throws IOException {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            order.add(i);
        }
        writeTo(dir, order, deflate);
    }

    long messages() {
        return expected.values().stream()
                .flatMap(List::stream)
                .filter(TraceEvent::isMessage)
                .count();
    }
}
