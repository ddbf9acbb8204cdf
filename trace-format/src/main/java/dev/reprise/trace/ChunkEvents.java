package dev.reprise.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One decoded chunk in arrays: its events in file order, each with its {@link Fingerprint}, and
 * its subtraces as ranges of them, with an index from actor to its subtraces. A chunk costs a
 * handful of arrays rather than a {@link Subtrace} and list per subtrace: replay reads millions of
 * subtraces of one or two messages each. Immutable once decoded; {@link #subtraces()} gives the
 * {@link Subtrace} form.
 */
final class ChunkEvents {
    private static final int NO_SUBTRACE = -1;

    final ChunkInfo origin;
    private TraceEvent[] events;
    /** Per event: its fingerprint ({@link Fingerprint#NONE} if it has none). */
    private byte[] eventMarks;

    private int eventCount;
    /** Events that are not the same object as the one before (the decoder shares one among repeats). */
    private int distinctEvents;
    /** The chunk's fingerprints, in order of its marked events (null: none recorded). */
    private byte[] marks;

    private int markedCount;

    private long[] actor;
    /** The counter as recorded: 32 bits, not unwrapped. */
    private long[] counter;
    /** Where each subtrace's events start; the next one's start (or the event count) ends it. */
    private int[] start;
    /** How many marked events precede each subtrace's in the chunk, and how many it has. */
    private int[] markFrom;

    private int[] marked;
    /** The next subtrace of the same actor in the chunk, or {@link #NO_SUBTRACE}. */
    private int[] nextOfActor;

    private int subtraceCount;

    // Open addressing from actor to its first and last subtrace in the chunk (slot holds index + 1; 0 = free).
    private long[] keys;
    private int[] firsts;
    private int[] lasts;

    /**
     * An empty chunk for the decoder to fill, its arrays sized for {@code subtraces} and {@code
     * events} when the index knows them (0: grown as it fills): replay decodes a chunk many times
     * over, and growing each array from a few entries allocated about as much again as the chunk.
     */
    ChunkEvents(ChunkInfo origin, int subtraces, int events) {
        this.origin = origin;
        int s = Math.max(8, subtraces);
        int e = Math.max(64, events);
        this.events = new TraceEvent[e];
        this.eventMarks = new byte[e];
        this.actor = new long[s];
        this.counter = new long[s];
        this.start = new int[s];
        this.markFrom = new int[s];
        this.marked = new int[s];
        this.nextOfActor = new int[s];
    }

    // --- filled by ChunkDecoder ---

    void startSubtrace(long actorId, long recordedCounter) {
        if (subtraceCount == actor.length) {
            int n = subtraceCount * 2;
            actor = Arrays.copyOf(actor, n);
            counter = Arrays.copyOf(counter, n);
            start = Arrays.copyOf(start, n);
            markFrom = Arrays.copyOf(markFrom, n);
            marked = Arrays.copyOf(marked, n);
            nextOfActor = Arrays.copyOf(nextOfActor, n);
        }
        actor[subtraceCount] = actorId;
        counter[subtraceCount] = recordedCounter;
        start[subtraceCount] = eventCount;
        markFrom[subtraceCount] = markedCount;
        subtraceCount++;
    }

    void add(TraceEvent e) {
        append(e, Fingerprint.NONE);
        if (Subtrace.isMarked(e)) {
            marked[subtraceCount - 1]++;
            markedCount++;
        }
    }

    private void append(TraceEvent e, byte mark) {
        if (eventCount == events.length) {
            events = Arrays.copyOf(events, eventCount * 2);
            eventMarks = Arrays.copyOf(eventMarks, eventCount * 2);
        }
        if (eventCount == 0 || events[eventCount - 1] != e) {
            distinctEvents++;
        }
        eventMarks[eventCount] = mark;
        events[eventCount++] = e;
    }

    /** The chunk is decoded: hands out its fingerprints (the last marked events may have none) and indexes its actors. */
    void finish(byte[] chunkMarks) {
        this.marks = chunkMarks;
        if (chunkMarks != null) {
            int k = 0;
            for (int i = 0; i < eventCount && k < chunkMarks.length; i++) {
                if (Subtrace.isMarked(events[i])) {
                    eventMarks[i] = chunkMarks[k++];
                }
            }
        }
        index();
    }

    private void index() {
        int capacity = Integer.highestOneBit(Math.max(4, subtraceCount * 2)) * 2;
        keys = new long[capacity];
        firsts = new int[capacity];
        lasts = new int[capacity];
        for (int s = 0; s < subtraceCount; s++) {
            nextOfActor[s] = NO_SUBTRACE;
            int slot = slot(actor[s]);
            if (firsts[slot] == 0) {
                keys[slot] = actor[s];
                firsts[slot] = s + 1;
            } else {
                nextOfActor[lasts[slot] - 1] = s;
            }
            lasts[slot] = s + 1;
        }
    }

    private int slot(long actorId) {
        int mask = keys.length - 1;
        int i = (int) ((actorId * 0x9E3779B97F4A7C15L) >>> 32) & mask;
        while (firsts[i] != 0 && keys[i] != actorId) {
            i = (i + 1) & mask;
        }
        return i;
    }

    // --- read by TraceIndex's readers ---

    int eventCount() {
        return eventCount;
    }

    /**
     * About what this decoded chunk keeps on the heap: per event slot a reference and a mark, per
     * event object (a run of repeated messages shares one) its object, per subtrace its arrays'
     * entries and hash slots.
     */
    long retainedBytes() {
        return events.length * 5L + distinctEvents * 32L + actor.length * 64L;
    }

    /** The first subtrace of {@code actorId} in the chunk, or a negative number if it has none. */
    int firstOf(long actorId) {
        return firsts[slot(actorId)] - 1;
    }

    /** The next subtrace of the same actor after {@code subtrace}, or a negative number. */
    int nextOf(int subtrace) {
        return nextOfActor[subtrace];
    }

    long counter(int subtrace) {
        return counter[subtrace];
    }

    int start(int subtrace) {
        return start[subtrace];
    }

    int end(int subtrace) {
        return subtrace + 1 < subtraceCount ? start[subtrace + 1] : eventCount;
    }

    TraceEvent event(int i) {
        return events[i];
    }

    byte mark(int i) {
        return eventMarks[i];
    }

    /** The chunk as {@link Subtrace}s in file order, each with its slice of the chunk's fingerprints. */
    List<Subtrace> subtraces() {
        List<Subtrace> out = new ArrayList<>(subtraceCount);
        List<TraceEvent> all = Arrays.asList(events);
        for (int s = 0; s < subtraceCount; s++) {
            out.add(new Subtrace(actor[s], counter[s], all.subList(start(s), end(s)), origin, marksOf(s)));
        }
        return out;
    }

    private byte[] marksOf(int s) {
        if (marks == null) {
            return Subtrace.NO_MARKS;
        }
        int from = markFrom[s];
        int to = Math.min(marks.length, from + marked[s]);
        return from >= to ? Subtrace.NO_MARKS : Arrays.copyOfRange(marks, from, to);
    }
}
