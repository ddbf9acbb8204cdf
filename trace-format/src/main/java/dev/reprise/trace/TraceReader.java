package dev.reprise.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * Streams a trace's events file and gives each actor its events in recorded order, lazily:
 * chunks are read only when some actor needs its next subtrace, so memory holds the subtraces
 * read but not yet consumed, not the whole trace. Subtraces of actors that the filter rejects are
 * dropped as soon as they are read. Thread-safe.
 *
 * <pre>{@code
 * try (TraceReader reader = TraceReader.open(dir)) {
 *     ActorEvents a = reader.actor(7);
 *     for (TraceEvent e; (e = a.next()) != null; ) { ... }
 * }
 * }</pre>
 */
public final class TraceReader implements AutoCloseable {
    private final Path directory;
    private final SubtraceStream stream;
    private final LongPredicate keep;
    private final Map<Long, ActorEvents> actors = new HashMap<>();
    private final List<Long> actorOrder = new ArrayList<>();
    private boolean exhausted;
    private long subtraces;

    private TraceReader(Path directory, SubtraceStream stream, LongPredicate keep) {
        this.directory = directory;
        this.stream = stream;
        this.keep = keep;
    }

    /** Opens the trace in {@code directory} for all actors. */
    public static TraceReader open(Path directory) throws IOException {
        return open(directory, a -> true);
    }

    /**
     * Opens the trace in {@code directory}, keeping only the actors {@code actorFilter} accepts.
     *
     * @throws java.nio.file.NoSuchFileException when the directory or its events file is missing
     * @throws TraceFormatException when the events file is not a readable trace of this version
     */
    public static TraceReader open(Path directory, LongPredicate actorFilter) throws IOException {
        if (!Files.isDirectory(directory)) {
            throw new java.nio.file.NoSuchFileException(directory.toString(), null, "no trace directory here");
        }
        return new TraceReader(directory, SubtraceStream.open(TraceFiles.events(directory)), actorFilter);
    }

    /** The events file's format version (what an id means may depend on it: {@link TraceIds}). */
    public int formatVersion() {
        return stream.version();
    }

    public Path directory() {
        return directory;
    }

    /** The event stream of {@code actor} (empty if the trace has no events for it). */
    public synchronized ActorEvents actor(long actor) {
        if (!keep.test(actor)) {
            throw new IllegalArgumentException("actor " + actor + " is excluded by this reader's filter");
        }
        return actorsEntry(actor);
    }

    /** Reads the whole events file, so that {@link #actors()} is complete. */
    public synchronized void readToEnd() throws IOException {
        while (pull()) {
            // keep reading
        }
    }

    /** The actors met so far, in order of first appearance (all of them after {@link #readToEnd()}). */
    public synchronized List<Long> actors() {
        return List.copyOf(actorOrder);
    }

    /** True when the whole events file has been read. */
    public synchronized boolean exhausted() {
        return exhausted;
    }

    /** Damaged chunks and undecodable events met so far. */
    public synchronized List<TraceProblem> problems() {
        return stream.problems();
    }

    /** True when the events file ends inside a chunk (the recording was cut off). */
    public synchronized boolean truncated() {
        return stream.truncated();
    }

    /** Subtraces read from the file so far. */
    public synchronized long subtracesRead() {
        return subtraces;
    }

    synchronized Subtrace nextSubtraceOf(ActorEvents events) throws IOException {
        Subtrace s;
        while ((s = events.pollReady()) == null) {
            if (!pull()) {
                return null;
            }
        }
        return s;
    }

    private ActorEvents actorsEntry(long actor) {
        ActorEvents e = actors.get(actor);
        if (e == null) {
            e = new ActorEvents(actor, this);
            actors.put(actor, e);
            actorOrder.add(actor);
        }
        return e;
    }

    /** Reads one more subtrace from the file; false at the end. */
    private boolean pull() throws IOException {
        if (exhausted) {
            return false;
        }
        Subtrace s = stream.next();
        if (s == null) {
            exhausted = true;
            return false;
        }
        subtraces++;
        if (keep.test(s.actor())) {
            actorsEntry(s.actor()).accept(s);
        }
        return true;
    }

    /**
     * Convenience for tools and tests: reads the whole trace and returns every kept actor's events
     * in recorded order (holding them all in memory). Consumes the actors' streams.
     */
    public synchronized Map<Long, List<TraceEvent>> readAllEvents() throws IOException {
        readToEnd();
        Map<Long, List<TraceEvent>> all = new java.util.LinkedHashMap<>();
        for (long actor : actorOrder) {
            List<TraceEvent> events = new ArrayList<>();
            ActorEvents a = actors.get(actor);
            for (Subtrace s; (s = a.pollReady()) != null; ) {
                events.addAll(s.events());
            }
            all.put(actor, events);
        }
        return all;
    }

    @Override
    public void close() throws IOException {
        stream.close();
    }
}
