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
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
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
     * @param subtraces the subtraces they came from, in order ({@code starts[i]} is the index of the first event of the i-th)
     * @param cut true when a subtrace of the actor is missing: its events end at damage, not where the run ended them
     */
    record ActorLog(
            long actor, List<TraceEvent> events, byte[] marks, List<Subtrace> subtraces, int[] starts, boolean cut) {
        /** The subtrace that holds event {@code position}. */
        Subtrace subtraceOf(int position) {
            int lo = 0;
            int hi = subtraces.size() - 1;
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (starts[mid] <= position) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            return subtraces.get(lo);
        }
    }

    final String name;
    final Path dir;
    final Map<Long, ActorLog> actors;
    final DataPreview.Entries data;
    final Map<Long, String> sourceNames;
    /** The damage met, one line each, naming the file (empty for a sound trace). */
    final List<String> damage;
    /** False when the recording did not end cleanly (killed): its actors' last events are where it stopped. */
    final boolean cleanEnd;

    final long chunks;
    final int formatVersion;
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
                opened);
    }

    private static ActorLog read(ActorEvents source) throws IOException {
        List<TraceEvent> events = new ArrayList<>();
        List<Subtrace> subtraces = new ArrayList<>();
        List<Integer> starts = new ArrayList<>();
        List<Byte> marks = new ArrayList<>();
        for (Subtrace s; (s = source.nextSubtrace()) != null; ) {
            subtraces.add(s);
            starts.add(events.size());
            int marked = 0;
            for (TraceEvent e : s.events()) {
                events.add(e);
                marks.add(Subtrace.isMarked(e) ? s.mark(marked++) : 0);
            }
        }
        byte[] m = new byte[marks.size()];
        for (int i = 0; i < m.length; i++) {
            m[i] = marks.get(i);
        }
        return new ActorLog(
                source.actor(),
                events,
                m,
                subtraces,
                starts.stream().mapToInt(Integer::intValue).toArray(),
                source.missingSubtrace() >= 0);
    }

    /**
     * A run built from event lists, one subtrace per actor, as a sound trace that ended cleanly
     * (for tests of the comparison on hand-built runs).
     */
    static RecordedRun of(String name, Map<Long, List<TraceEvent>> events, DataPreview.Entries data) {
        Map<Long, ActorLog> actors = new LinkedHashMap<>();
        long chunk = 0;
        for (Map.Entry<Long, List<TraceEvent>> e : events.entrySet()) {
            ChunkInfo origin = new ChunkInfo(1, chunk, chunk, 0);
            Subtrace s = new Subtrace(e.getKey(), 0, e.getValue(), origin);
            actors.put(
                    e.getKey(),
                    new ActorLog(
                            e.getKey(), e.getValue(), new byte[e.getValue().size()], List.of(s), new int[] {0}, false));
            chunk++;
        }
        return new RecordedRun(name, null, actors, data, Map.of(), List.of(), true, chunk, 6, null);
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
