package dev.reprise.trace;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * One actor's events as {@link TraceIndex} reads them: it loads the chunks that may hold the
 * actor's next subtrace (chunks sorted by the lowest counter of the actor in them), copies the
 * actor's subtraces out of each into a {@link Run} (arrays in counter order), and walks them.
 * Per event it moves an index; per subtrace it compares the head counter of the loaded runs
 * (usually one) with the expected one. A {@link Subtrace} is made only when a report asks
 * ({@link #currentSubtrace()}). Not thread-safe: its user (an {@code ActorScript}) locks.
 */
final class ActorRuns implements ActorEventSource {
    /** Where the decoded chunks come from (kept decoded for a while, shared by all readers). */
    interface Chunks {
        /** The chunk of {@code entry}, holding at least the actor's subtraces in it. */
        ChunkEvents of(ActorChunks.Entry entry) throws IOException;
    }

    /**
     * The actor's subtraces of one chunk with an (unwrapped) counter at least the one expected
     * when it was loaded, in counter order (file order among equal counters): copied out, so the
     * chunk itself can leave the decoded ones.
     */
    private static final class Run {
        final ChunkInfo origin;
        final long[] counters;
        /** Where each subtrace's events start in {@link #events}; one more entry ends the last. */
        final int[] starts;

        final TraceEvent[] events;
        final byte[] marks;
        int next;

        private Run(ChunkInfo origin, long[] counters, int[] starts, TraceEvent[] events, byte[] marks) {
            this.origin = origin;
            this.counters = counters;
            this.starts = starts;
            this.events = events;
            this.marks = marks;
        }

        boolean hasNext() {
            return next < counters.length;
        }

        long head() {
            return counters[next];
        }

        /** {@code actor}'s subtraces in {@code chunk} from counter {@code expected} on, or null if it has none there. */
        static Run of(ChunkEvents chunk, long actor, long expected) {
            int n = 0;
            for (int s = chunk.firstOf(actor); s >= 0; s = chunk.nextOf(s)) {
                if (SubtraceOrder.unwrap(expected, chunk.counter(s)) >= expected) {
                    n++;
                }
            }
            if (n == 0) {
                return null;
            }
            int[] subtraces = new int[n];
            long[] counters = new long[n];
            boolean sorted = true;
            int k = 0;
            for (int s = chunk.firstOf(actor); s >= 0; s = chunk.nextOf(s)) {
                long c = SubtraceOrder.unwrap(expected, chunk.counter(s));
                if (c >= expected) {
                    sorted &= k == 0 || counters[k - 1] <= c;
                    subtraces[k] = s;
                    counters[k++] = c;
                }
            }
            if (!sorted) { // a thread's chunk holds an actor's subtraces in counter order: only odd traces get here
                Integer[] order = new Integer[n];
                for (int i = 0; i < n; i++) {
                    order[i] = i;
                }
                long[] byIndex = counters.clone();
                int[] subtraceOf = subtraces.clone();
                Arrays.sort(order, Comparator.comparingLong(i -> byIndex[i])); // stable: file order among equals
                for (int i = 0; i < n; i++) {
                    counters[i] = byIndex[order[i]];
                    subtraces[i] = subtraceOf[order[i]];
                }
            }
            int[] starts = new int[n + 1];
            for (int i = 0; i < n; i++) {
                starts[i + 1] = starts[i] + chunk.end(subtraces[i]) - chunk.start(subtraces[i]);
            }
            TraceEvent[] events = new TraceEvent[starts[n]];
            byte[] marks = new byte[starts[n]];
            for (int i = 0; i < n; i++) {
                for (int from = chunk.start(subtraces[i]), j = starts[i]; j < starts[i + 1]; from++, j++) {
                    events[j] = chunk.event(from);
                    marks[j] = chunk.mark(from);
                }
            }
            return new Run(chunk.origin, counters, starts, events, marks);
        }
    }

    private final long actor;
    /** The actor's entries not loaded yet. */
    private final ActorChunks.Entries chunks;

    private final Chunks source;
    /** Loaded runs with subtraces left, in load order (a later run's subtrace replaces an earlier one's of the same counter). */
    private final List<Run> runs = new ArrayList<>(2);

    private long expected;
    private boolean ended;
    /** The current subtrace: its run and number there (-1 before the first), and the events left of it. */
    private Run run;

    private int subtrace = -1;
    private int position;
    private int end;
    private byte fingerprint;
    private Subtrace made;

    ActorRuns(long actor, ActorChunks.Entries chunks, Chunks source) {
        this(actor, chunks, source, 0);
    }

    /** Starts expecting subtrace {@code first}; counters start at 0 in a trace, tests start near 2^32. */
    ActorRuns(long actor, ActorChunks.Entries chunks, Chunks source, long first) {
        this.actor = actor;
        this.chunks = chunks;
        this.source = source;
        this.expected = first;
    }

    @Override
    public TraceEvent next() throws IOException {
        while (position == end) {
            if (!nextSubtrace()) {
                return null;
            }
        }
        fingerprint = run.marks[position];
        return run.events[position++];
    }

    private boolean nextSubtrace() throws IOException {
        if (ended) {
            return false;
        }
        // Load every chunk that may hold the expected counter (chunks sorted by their lowest counter).
        while (!loaded(expected) && chunks.hasNext() && chunks.nextMinCounter() <= expected) {
            ActorChunks.Entry e = chunks.next();
            Run r = Run.of(source.of(e), actor, expected);
            if (r != null) {
                runs.add(r);
            }
        }
        Run found = null;
        int foundSubtrace = -1;
        for (int i = 0; i < runs.size(); i++) {
            Run r = runs.get(i);
            while (r.hasNext() && r.head() == expected) { // the last one loaded wins
                found = r;
                foundSubtrace = r.next++;
            }
        }
        for (int i = runs.size() - 1; i >= 0; i--) {
            if (!runs.get(i).hasNext()) {
                runs.remove(i);
            }
        }
        if (found == null) {
            ended = true;
            return false;
        }
        expected++;
        run = found;
        subtrace = foundSubtrace;
        position = found.starts[foundSubtrace];
        end = found.starts[foundSubtrace + 1];
        made = null;
        return true;
    }

    private boolean loaded(long counter) {
        for (int i = 0; i < runs.size(); i++) {
            if (runs.get(i).head() == counter) {
                return true;
            }
        }
        return false;
    }

    @Override
    public byte fingerprint() {
        return fingerprint;
    }

    /** The current subtrace, made on request (reports ask; replay does not). */
    @Override
    public Subtrace currentSubtrace() {
        if (subtrace < 0) {
            return null;
        }
        if (made == null) {
            int from = run.starts[subtrace];
            int to = run.starts[subtrace + 1];
            List<TraceEvent> events = Arrays.asList(run.events).subList(from, to);
            byte[] marks = new byte[to - from];
            int n = 0;
            for (int i = from; i < to; i++) {
                if (Subtrace.isMarked(run.events[i])) {
                    marks[n++] = run.marks[i];
                }
            }
            made = new Subtrace(actor, run.counters[subtrace], events, run.origin, Arrays.copyOf(marks, n));
        }
        return made;
    }

    @Override
    public long missingSubtrace() {
        return ended && (!runs.isEmpty() || chunks.hasNext()) ? expected : -1;
    }
}
