package dev.reprise.tools.diff;

import dev.reprise.tools.DataPreview;
import dev.reprise.trace.ActorEvents;
import dev.reprise.trace.ChunkInfo;
import dev.reprise.trace.DataFileReader;
import dev.reprise.trace.SourceNames;
import dev.reprise.trace.Subtrace;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceIds;
import dev.reprise.trace.TraceMetadata;
import dev.reprise.trace.TraceReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One recording read into memory for a diff: each actor's events in replay order with the
 * subtrace each was recorded in, the recorded data, the names of outside sources, and the damage
 * met while reading (the trace is read as far as it is readable).
 */
public final class RecordedRun implements AutoCloseable {
    /**
     * One actor's events in replay order.
     *
     * @param events a view of its subtraces' events, one after another (not a copy: a trace's events are held once)
     * @param subtraces the subtraces they came from, in order ({@code starts[i]} is the index of the first event of the i-th)
     * @param cut true when a subtrace of the actor is missing: its events end at damage, not where the run ended them
     */
    record ActorLog(
            long actor, List<TraceEvent> events, byte[] marks, List<Subtrace> subtraces, int[] starts, boolean cut) {
        ActorLog(long actor, byte[] marks, List<Subtrace> subtraces, int[] starts, boolean cut) {
            this(actor, new Concatenated(subtraces, starts, marks.length), marks, subtraces, starts, cut);
        }

        /** The subtrace that holds event {@code position}. */
        Subtrace subtraceOf(int position) {
            return subtraces.get(indexOf(starts, position));
        }
    }

    /** The index of the last of {@code starts} at or below {@code position}. */
    private static int indexOf(int[] starts, int position) {
        int lo = 0;
        int hi = starts.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (starts[mid] <= position) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** The events of a list of subtraces as one list. */
    private static final class Concatenated extends AbstractList<TraceEvent> {
        private final List<Subtrace> subtraces;
        private final int[] starts;
        private final int size;

        Concatenated(List<Subtrace> subtraces, int[] starts, int size) {
            this.subtraces = subtraces;
            this.starts = starts;
            this.size = size;
        }

        @Override
        public TraceEvent get(int index) {
            if (index < 0 || index >= size) {
                throw new IndexOutOfBoundsException(index);
            }
            int s = RecordedRun.indexOf(starts, index);
            return subtraces.get(s).events().get(index - starts[s]);
        }

        @Override
        public int size() {
            return size;
        }

        /** Subtrace by subtrace, with no search per event. */
        @Override
        public Iterator<TraceEvent> iterator() {
            return subtraces.stream().flatMap(s -> s.events().stream()).iterator();
        }
    }

    final String name;
    final Path dir;
    final Map<Long, ActorLog> actors;
    final DataPreview.Entries data;
    final Map<Long, String> sourceNames;
    /** The damage met, one line each, naming the file (empty for a sound trace). */
    final List<String> damage;
    /** How many events of {@code actor} the run holds (0 for an actor it does not have). */
    public int events(long actor) {
        ActorLog log = actors.get(actor);
        return log == null ? 0 : log.events().size();
    }

    /** How many events the run holds, of all its actors. */
    public long events() {
        return actors.values().stream().mapToLong(l -> l.events().size()).sum();
    }

    /** False when the recording did not end cleanly (killed): its actors' last events are where it stopped. */
    final boolean cleanEnd;

    final long chunks;
    final int formatVersion;
    private final String program;
    private final AutoCloseable resources;

    private RecordedRun(
            String name,
            Path dir,
            Map<Long, ActorLog> actors,
            DataPreview.Entries data,
            Map<Long, String> sourceNames,
            List<String> damage,
            boolean cleanEnd,
            long chunks,
            int formatVersion,
            String program,
            AutoCloseable resources) {
        this.name = name;
        this.dir = dir;
        this.actors = actors;
        this.data = data;
        this.sourceNames = sourceNames;
        this.damage = damage;
        this.cleanEnd = cleanEnd;
        this.chunks = chunks;
        this.formatVersion = formatVersion;
        this.program = program;
        this.resources = resources;
    }

    /**
     * Reads the trace in {@code dir} as far as it is readable.
     *
     * @param name what the report calls this run ("A")
     * @throws IOException when the events file's header is unreadable (nothing in the trace is then)
     */
    public static RecordedRun read(String name, Path dir) throws IOException {
        Map<Long, ActorLog> actors = new LinkedHashMap<>();
        List<String> damage = new ArrayList<>();
        long chunks = 0;
        int version;
        try (TraceReader reader = TraceReader.open(dir)) {
            version = reader.formatVersion();
            reader.readToEnd();
            for (long actor : reader.actors()) {
                if (TraceIds.isRecorder(actor, version)) {
                    continue; // the recorder's own gap at the end: damage is reported from the problems
                }
                ActorLog log = read(reader.actor(actor));
                actors.put(actor, log);
                for (Subtrace s : log.subtraces()) {
                    chunks = Math.max(chunks, s.origin().index() + 1);
                }
            }
            reader.problems().forEach(p -> damage.add(p.toString()));
        }
        DataFileReader data;
        try {
            data = DataFileReader.open(TraceFiles.data(dir));
            data.problems().forEach(p -> damage.add(p.toString()));
        } catch (IOException e) {
            damage.add(TraceFiles.data(dir) + ": unreadable, recorded values are not compared: " + e.getMessage());
            data = null;
        }
        TraceMetadata metadata = null;
        try {
            metadata = TraceMetadata.read(dir);
        } catch (NoSuchFileException e) {
            damage.add(TraceFiles.metadata(dir)
                    + ": missing (the run's end, its program and its sources' names are unknown)");
        } catch (IOException e) {
            damage.add(e.getMessage());
        }
        Map<Long, String> names = new HashMap<>();
        SourceNames sources = SourceNames.read(metadata, data);
        sources.all().forEach((n, id) -> names.put(id, n));
        sources.problems().forEach(p -> damage.add(p.toString()));
        DataFileReader opened = data;
        return new RecordedRun(
                name,
                dir,
                actors,
                opened == null ? (owner, id) -> null : opened::read,
                names,
                damage,
                metadata != null && metadata.cleanEnd(),
                chunks,
                version,
                metadata == null ? null : metadata.program(),
                opened);
    }

    private static ActorLog read(ActorEvents source) throws IOException {
        List<Subtrace> subtraces = new ArrayList<>();
        List<Integer> starts = new ArrayList<>();
        ByteArrayOutputStream marks = new ByteArrayOutputStream();
        for (Subtrace s; (s = source.nextSubtrace()) != null; ) {
            subtraces.add(s);
            starts.add(marks.size());
            int marked = 0;
            for (TraceEvent e : s.events()) {
                marks.write(Subtrace.isMarked(e) ? s.mark(marked++) : 0);
            }
        }
        return new ActorLog(
                source.actor(),
                marks.toByteArray(),
                subtraces,
                starts.stream().mapToInt(Integer::intValue).toArray(),
                source.missingSubtrace() >= 0);
    }

    /**
     * A run built from event lists, one subtrace per actor, as a sound trace that ended cleanly
     * (for tests of the comparison on hand-built runs); {@code fingerprints} holds an actor's
     * fingerprint per event where it has them.
     */
    static RecordedRun of(
            String name, Map<Long, List<TraceEvent>> events, Map<Long, byte[]> fingerprints, DataPreview.Entries data) {
        Map<Long, ActorLog> actors = new LinkedHashMap<>();
        long chunk = 0;
        for (Map.Entry<Long, List<TraceEvent>> e : events.entrySet()) {
            ChunkInfo origin = new ChunkInfo(1, chunk, chunk, 0);
            Subtrace s = new Subtrace(e.getKey(), 0, e.getValue(), origin);
            byte[] marks =
                    fingerprints.getOrDefault(e.getKey(), new byte[e.getValue().size()]);
            actors.put(e.getKey(), new ActorLog(e.getKey(), marks, List.of(s), new int[] {0}, false));
            chunk++;
        }
        return new RecordedRun(name, null, actors, data, Map.of(), List.of(), true, chunk, 6, null, null);
    }

    /** The recorded program's main class and arguments, as its metadata says (null when unreadable). */
    public String program() {
        return program;
    }

    /** How far into the recording (0 to 1, by chunk) event {@code position} of {@code log} was written. */
    double when(ActorLog log, int position) {
        return chunks == 0 ? 0 : (double) log.subtraceOf(position).origin().index() / chunks;
    }

    /** True when actors' events may end early here because of damage or a recording that was cut off. */
    boolean cut() {
        return !damage.isEmpty() || !cleanEnd;
    }

    @Override
    public void close() throws Exception {
        if (resources != null) {
            resources.close();
        }
    }
}
