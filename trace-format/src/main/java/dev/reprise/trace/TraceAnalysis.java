package dev.reprise.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One streaming pass over a trace that computes its {@link TraceStatistics} and finds every
 * problem that would stop a replay: damaged or truncated files, missing chunks or subtraces,
 * dropped events, events whose data is missing, and metadata that is missing or disagrees with
 * the files. Memory grows with the number of actors and threads, not with the trace.
 */
public final class TraceAnalysis {
    /** At most this many problems are kept; the rest are only counted. */
    static final int MAX_PROBLEMS = 1000;

    private final Path dir;
    private final List<TraceProblem> problems = new ArrayList<>();
    private long problemsNotKept;

    private TraceAnalysis(Path dir) {
        this.dir = dir;
    }

    /** The statistics and the problems found, first problem first. */
    public record Report(
            TraceStatistics statistics, TraceMetadata metadata, List<TraceProblem> problems, long problemsNotKept) {
        public boolean sound() {
            return problems.isEmpty();
        }
    }

    /**
     * Analyses the trace in {@code dir}. Damage is reported in the result, never thrown.
     *
     * @throws NoSuchFileException when {@code dir} is not a directory holding an events file
     */
    public static Report run(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new NoSuchFileException(dir.toString(), null, "no such trace directory");
        }
        if (!Files.exists(TraceFiles.events(dir))) {
            throw new NoSuchFileException(
                    TraceFiles.events(dir).toString(), null, "not a trace directory: it has no " + TraceFiles.EVENTS);
        }
        return new TraceAnalysis(dir).analyse();
    }

    private void problem(TraceProblem p) {
        if (problems.size() < MAX_PROBLEMS) {
            problems.add(p);
        } else {
            problemsNotKept++;
        }
    }

    private Report analyse() throws IOException {
        TraceMetadata metadata = readMetadata();
        try (DataFileReader data = openData(metadata)) {
            EventCounts counts = scanEvents(data);
            if (data != null) {
                SourceNames.read(metadata, data).problems().forEach(this::problem);
            }
            if (metadata != null && metadata.cleanEnd()) {
                compareCount(metadata, TraceMetadata.EVENT_CHUNKS, counts.chunksSeen, TraceFiles.events(dir));
                compareCount(
                        metadata, TraceMetadata.DATA_CHUNKS, data == null ? 0 : data.chunks(), TraceFiles.data(dir));
            }
            long dataBytes = Files.exists(TraceFiles.data(dir)) ? Files.size(TraceFiles.data(dir)) : 0;
            EventTally t = counts.tally;
            TraceStatistics stats = new TraceStatistics(
                    counts.actors.size(),
                    counts.sources.size(),
                    t.creations(),
                    t.created(CreationKind.TEMP_ACTOR),
                    t.created(CreationKind.TIMER),
                    t.created(CreationKind.PROMISE),
                    t.messages(),
                    t.promiseMessages(),
                    t.externalMessages(),
                    t.systemCalls(),
                    t.systemMessageTurns(),
                    counts.subtraces,
                    counts.chunks,
                    counts.dropped,
                    Files.size(TraceFiles.events(dir)),
                    dataBytes,
                    metadata == null ? null : metadata.durationSeconds());
            // Damage with a place in a file first, in file order; conclusions without an offset after it.
            problems.sort(Comparator.comparingInt((TraceProblem p) -> fileRank(p.file()))
                    .thenComparingLong(p -> p.offset() < 0 ? Long.MAX_VALUE : p.offset()));
            return new Report(stats, metadata, List.copyOf(problems), problemsNotKept);
        }
    }

    private int fileRank(Path file) {
        if (TraceFiles.events(dir).equals(file)) {
            return 0;
        }
        return TraceFiles.data(dir).equals(file) ? 1 : 2;
    }

    private TraceMetadata readMetadata() throws IOException {
        Path file = TraceFiles.metadata(dir);
        try {
            TraceMetadata m = TraceMetadata.read(dir);
            if (!m.cleanEnd()) {
                problem(new TraceProblem(
                        TraceProblem.Kind.UNCLEAN_END,
                        file,
                        -1,
                        -1,
                        "the trace is truncated: the recording did not end cleanly (the JVM was killed or "
                                + "crashed), so events recorded after its last flush are lost"));
            }
            return m;
        } catch (NoSuchFileException e) {
            problem(new TraceProblem(TraceProblem.Kind.METADATA, file, -1, -1, "the metadata file is missing"));
        } catch (TraceFormatException e) {
            problem(new TraceProblem(TraceProblem.Kind.METADATA, file, -1, -1, stripFile(e.getMessage(), file)));
        }
        return null;
    }

    private DataFileReader openData(TraceMetadata metadata) throws IOException {
        Path file = TraceFiles.data(dir);
        if (!Files.exists(file) && metadata != null && metadata.count(TraceMetadata.DATA_ENTRIES) > 0) {
            problem(new TraceProblem(
                    TraceProblem.Kind.METADATA,
                    file,
                    -1,
                    -1,
                    "the data file is missing, but the metadata says it holds "
                            + metadata.count(TraceMetadata.DATA_ENTRIES) + " entries"));
        }
        try {
            DataFileReader data = DataFileReader.open(file);
            data.problems().forEach(this::problem);
            return data;
        } catch (TraceFormatException e) {
            problem(new TraceProblem(TraceProblem.Kind.CORRUPT, file, -1, -1, stripFile(e.getMessage(), file)));
            return null;
        }
    }

    private void compareCount(TraceMetadata m, String key, long found, Path file) throws IOException {
        long written = m.count(key);
        if (written >= 0 && written != found) {
            long end = Files.exists(file) ? Files.size(file) : -1;
            problem(new TraceProblem(
                    found < written ? TraceProblem.Kind.TRUNCATED : TraceProblem.Kind.METADATA,
                    file,
                    found,
                    end,
                    "the metadata says " + written + " chunks were written, the file holds " + found
                            + (found < written ? " (chunks are missing from its end)" : "")));
        }
    }

    private static String stripFile(String message, Path file) {
        String prefix = file + ": ";
        return message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    }

    private static final class EventCounts {
        final Set<Long> actors = new HashSet<>();
        final Set<Long> sources = new HashSet<>();
        /** The events file's format version, which tells source ids from actor ids. */
        int version = FileHeader.VERSION;

        final EventTally tally = new EventTally();
        long subtraces;
        long chunks;
        long chunksSeen;
        long dropped;

        /** An id that processed messages or was created as an actor: an actor, or an external source. */
        void actor(long id) {
            if (TraceIds.isExternalSource(id, version)) {
                sources.add(id);
            } else if (id != TraceIds.UNKNOWN) {
                actors.add(id);
            }
        }
    }

    private EventCounts scanEvents(DataFileReader data) throws IOException {
        Path file = TraceFiles.events(dir);
        EventCounts c = new EventCounts();
        Map<Integer, BitSet> sequences = new HashMap<>();
        Map<Long, SubtraceOrder<Boolean>> order = new HashMap<>();
        try (SubtraceStream stream = SubtraceStream.open(file)) {
            c.version = stream.version();
            stream.onChunk(chunk -> {
                c.chunks++;
                ChunkInfo info = chunk.info();
                BitSet seen = sequences.computeIfAbsent(info.thread(), t -> new BitSet());
                if (info.sequence() < 0 || info.sequence() > Integer.MAX_VALUE) {
                    return;
                }
                if (seen.get((int) info.sequence())) {
                    problem(new TraceProblem(
                            TraceProblem.Kind.MISSING_CHUNK,
                            file,
                            info.index(),
                            info.offset(),
                            "thread " + Integer.toUnsignedString(info.thread()) + " has chunk sequence "
                                    + info.sequence() + " twice"));
                }
                seen.set((int) info.sequence());
            });
            for (Subtrace s; (s = stream.next()) != null; ) {
                c.subtraces++;
                c.actor(s.actor());
                SubtraceOrder<Boolean> o = order.computeIfAbsent(s.actor(), a -> new SubtraceOrder<>());
                if (!o.accept(o.unwrap(s.counter()), Boolean.TRUE, x -> {})) {
                    problem(new TraceProblem(
                            TraceProblem.Kind.MISSING_SUBTRACE,
                            file,
                            s.origin().index(),
                            s.origin().offset(),
                            "actor " + s.actor() + " has subtrace " + s.counter() + " twice"));
                }
                for (TraceEvent e : s.events()) {
                    count(c, s, e, data, file);
                }
            }
            stream.problems().forEach(this::problem);
            c.chunksSeen = c.chunks
                    + stream.problems().stream()
                            .filter(p ->
                                    p.kind() == TraceProblem.Kind.CORRUPT || p.kind() == TraceProblem.Kind.TRUNCATED)
                            .count();
        } catch (TraceFormatException e) {
            problem(new TraceProblem(TraceProblem.Kind.CORRUPT, file, -1, -1, stripFile(e.getMessage(), file)));
        }
        sequences.forEach((thread, seen) -> {
            int missing = seen.nextClearBit(0);
            if (missing < seen.length()) {
                int absent = seen.length() - seen.cardinality();
                problem(new TraceProblem(
                        TraceProblem.Kind.MISSING_CHUNK,
                        file,
                        -1,
                        -1,
                        "thread "
                                + Integer.toUnsignedString(thread) + ": chunk sequence " + missing + " is missing"
                                + (absent > 1 ? " (" + absent + " chunks of this thread are missing in all)" : "")));
            }
        });
        order.forEach((actor, o) -> {
            if (o.waiting() > 0) {
                problem(new TraceProblem(
                        TraceProblem.Kind.MISSING_SUBTRACE,
                        file,
                        -1,
                        -1,
                        "actor "
                                + actor + ": subtrace " + o.expected() + " is missing; "
                                + o.waiting() + " later subtraces of this actor cannot be replayed"));
            }
        });
        return c;
    }

    private void count(EventCounts c, Subtrace s, TraceEvent e, DataFileReader data, Path file) {
        c.tally.add(e);
        switch (e) {
            case TraceEvent.Message m -> {}
            case TraceEvent.PromiseMessage m -> {}
            case TraceEvent.ExternalMessage m -> {
                c.actor(m.sender());
                checkData(s, m.sender(), m.dataId(), data, file);
            }
            case TraceEvent.ExternalPromiseMessage m -> {
                c.actor(m.sender());
                checkData(s, m.sender(), m.dataId(), data, file);
            }
            case TraceEvent.SystemCall sc -> checkData(s, s.actor(), sc.dataId(), data, file);
            case TraceEvent.Creation cr -> {
                if (cr.kind() == CreationKind.ACTOR) {
                    c.actor(cr.child());
                }
            }
            case TraceEvent.SystemMessageTurn t -> {}
            case TraceEvent.TurnSends t -> {}
            case TraceEvent.Gap g -> {
                c.dropped += g.droppedEvents();
                problem(new TraceProblem(
                        TraceProblem.Kind.DROPPED_EVENTS,
                        file,
                        s.origin().index(),
                        s.origin().offset(),
                        "thread " + Integer.toUnsignedString(s.origin().thread()) + " dropped " + g.droppedEvents()
                                + " events here (overflow policy drop); replay stops at this gap"));
            }
        }
    }

    /** Data is keyed by its owner: the calling actor for system calls, the source for external input. */
    private void checkData(Subtrace s, long owner, long dataId, DataFileReader data, Path file) {
        if (dataId != 0 && (data == null || !data.contains(owner, dataId))) {
            problem(new TraceProblem(
                    TraceProblem.Kind.MISSING_DATA,
                    file,
                    s.origin().index(),
                    s.origin().offset(),
                    "actor " + s.actor() + " refers to data " + dataId + " of " + owner
                            + ", which the data file lacks"));
        }
    }
}
