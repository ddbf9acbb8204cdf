package dev.reprise.tools.view;

import dev.reprise.tools.DataPreview;
import dev.reprise.trace.ChunkInfo;
import dev.reprise.trace.CreationKind;
import dev.reprise.trace.DataFileReader;
import dev.reprise.trace.Fingerprint;
import dev.reprise.trace.SourceNames;
import dev.reprise.trace.Subtrace;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceIds;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The page's data, as JSON-ready maps and lists: one lane per actor and outside source, in tree
 * order (each actor after its creator), and either every event in one approximate global order
 * (each lane in exact replay order) or, for a large trace, messages counted per lane pair and
 * window of the events file.
 *
 * <p>The trace has no global clock: each actor's order is exact, and the order across actors is
 * the events file's, which follows each recording thread's order and interleaves threads by when
 * they wrote their chunks. An actor's events are never placed before its creation.
 */
final class ViewModel {
    /** A summarised page stays at about this many counts (about 3 MB) by counting in fewer slices. */
    static final int MAX_PAIR_ROWS = 150_000;

    /** The lane of senders the trace does not know (0: sent from outside the recording, or by nobody). */
    private static final String UNKNOWN = "unknown";

    private final TraceRead read;
    private final SourceNames sources;
    private final List<Long> laneIds = new ArrayList<>();
    private final Map<Long, Integer> laneOf = new HashMap<>();
    private final Map<Long, Integer> depth = new HashMap<>();
    private int unknownLane = -1;
    /** How many slices of the recording a summarised trace's messages are counted in (see {@link #pairs}). */
    private int slices = TraceRead.WINDOWS;
    /**
     * The subtraces that events refer to, {@code [lane, counter, chunk, offset, thread, sequence]}:
     * what inspect prints above them (numbers, not its text: a trace may have one subtrace an event).
     */
    private final List<Object> subtraces = new ArrayList<>();

    private ViewModel(TraceRead read, SourceNames sources) {
        this.read = read;
        this.sources = sources;
    }

    /** The model of {@code read}'s trace; {@code data} (may be null when unreadable) gives the previews of recorded data. */
    static Map<String, Object> build(TraceRead read, SourceNames sources, DataFileReader data) throws IOException {
        ViewModel m = new ViewModel(read, sources);
        m.placeLanes();
        Map<String, Object> model = new LinkedHashMap<>();
        List<Object> events = read.summarised ? List.of() : m.events(data);
        List<Object> pairs = read.summarised ? m.pairs() : List.of();
        model.put("lanes", m.lanes()); // after events and pairs: they may add the unknown lane
        model.put("subtraces", m.subtraces);
        model.put("events", events);
        model.put("pairs", pairs);
        model.put("windows", m.slices);
        return model;
    }

    /** Lanes in tree order: roots in order of appearance, each followed by what it created, depth first. */
    private void placeLanes() {
        Map<Long, List<Long>> children = new LinkedHashMap<>();
        List<Long> roots = new ArrayList<>();
        for (long id : read.lanes.keySet()) {
            Long parent = parent(id);
            if (parent == null) {
                roots.add(id);
            } else {
                children.computeIfAbsent(parent, p -> new ArrayList<>()).add(id);
            }
        }
        ArrayList<long[]> stack = new ArrayList<>(); // {id, depth}
        for (int i = roots.size() - 1; i >= 0; i--) {
            stack.add(new long[] {roots.get(i), 0});
        }
        while (!stack.isEmpty()) {
            long[] top = stack.removeLast();
            laneOf.put(top[0], laneIds.size());
            laneIds.add(top[0]);
            depth.put(top[0], (int) top[1]);
            List<Long> kids = children.getOrDefault(top[0], List.of());
            for (int i = kids.size() - 1; i >= 0; i--) {
                stack.add(new long[] {kids.get(i), top[1] + 1});
            }
        }
    }

    /** The lane that created actor {@code id}, or null for a root (a guardian, a source, or a creation not recorded). */
    private Long parent(long id) {
        Long creator = read.creator.get(id);
        return creator != null && read.created.get(id) == CreationKind.ACTOR && read.lanes.containsKey(creator)
                ? creator
                : null;
    }

    /**
     * The lanes as {@code [id, kind, name, parent, depth, counts, missingSubtrace]}: arrays, not
     * objects, as a trace may have tens of thousands of actors. The name is null for the default
     * ("actor 12"); counts alternate kind and number ({@code ["message", 12, "creation", 3]});
     * missingSubtrace is -1 when the lane is whole.
     */
    private List<Object> lanes() {
        Map<Long, String> names = new HashMap<>();
        sources.all().forEach((name, id) -> names.put(id, name));
        List<Object> lanes = new ArrayList<>();
        for (long id : laneIds) {
            String name = TraceIds.isRecorder(id, read.formatVersion) ? "the recorder" : names.get(id);
            Long parent = parent(id);
            List<Object> counts = new ArrayList<>();
            read.kindCounts.getOrDefault(id, Map.of()).forEach((kind, n) -> {
                counts.add(kind);
                counts.add(n);
            });
            lanes.add(Arrays.asList(
                    Long.toUnsignedString(id),
                    read.lanes.get(id) ? "source" : "actor",
                    name,
                    parent == null ? -1 : laneOf.get(parent),
                    depth.get(id),
                    counts,
                    read.missing.getOrDefault(id, -1L)));
        }
        if (unknownLane >= 0) {
            lanes.add(Arrays.asList("0", UNKNOWN, "unknown sender", -1, 0, List.of(), -1L));
        }
        return lanes;
    }

    /**
     * The lane a message from {@code sender} comes from: its own, or for a temp actor, timer or
     * promise the lane of the actor that made it; the unknown lane for ids the trace never made.
     */
    private int senderLane(long sender) {
        long id = sender;
        for (int hops = 0; hops < 16; hops++) { // a timer made by a temp actor's callback, and so on
            Integer lane = laneOf.get(id);
            if (lane != null) {
                return lane;
            }
            Long creator = read.creator.get(id);
            if (creator == null) {
                break;
            }
            id = creator;
        }
        if (unknownLane < 0) {
            unknownLane = laneIds.size();
        }
        return unknownLane;
    }

    /** What a non-lane id is, for the details ("timer 26 of actor 25"), or null for a lane's own id. */
    private String via(long id) {
        if (laneOf.containsKey(id)) {
            return null;
        }
        CreationKind kind = read.created.get(id);
        Long creator = read.creator.get(id);
        return kind == null
                ? id + " is not known to the trace (sent from outside the recording, or by nobody)"
                : id + " is " + kind.withArticle() + " made by " + laneName(creator);
    }

    private String laneName(long id) {
        return (read.lanes.getOrDefault(id, false) ? "source " : "actor ") + id;
    }

    /** One placed event before sorting: its lane's order key and its place in the lane. */
    private record Placing(long key, int lane, int index, TraceEvent event, byte fingerprint, int subtrace) {}

    /**
     * Every event as {@code [lane, kind, otherLane, classCode, subtrace, inspectLine, note, value]}, in
     * the page's order; their subtraces in {@link #subtraces}.
     */
    private List<Object> events(DataFileReader data) throws IOException {
        List<Placing> all = new ArrayList<>();
        Map<Long, Long> createdAt = new HashMap<>(); // child -> its creation's key
        for (long actor : laneIds) { // tree order: a creator's keys are known before its children's
            List<TraceRead.Placed> placed = read.subtraces.getOrDefault(actor, List.of());
            long key = createdAt.getOrDefault(actor, 0L);
            int index = 0;
            int lane = laneOf.get(actor);
            for (TraceRead.Placed p : placed) {
                Subtrace s = p.subtrace();
                ChunkInfo o = s.origin();
                subtraces.add(List.of(
                        lane, s.counter(), o.index(), o.offset(), Integer.toUnsignedLong(o.thread()), o.sequence()));
                int marked = 0;
                for (int i = 0; i < s.events().size(); i++) {
                    TraceEvent e = s.events().get(i);
                    key = Math.max(key, p.position() + i);
                    byte fp = Subtrace.isMarked(e) ? s.mark(marked++) : Fingerprint.NONE;
                    all.add(new Placing(key, lane, index++, e, fp, subtraces.size() - 1));
                    if (e instanceof TraceEvent.Creation c) {
                        createdAt.put(c.child(), key);
                    }
                }
            }
        }
        all.sort(Comparator.comparingLong(Placing::key)
                .thenComparingInt(Placing::lane)
                .thenComparingInt(Placing::index));
        List<Object> events = new ArrayList<>(all.size());
        for (Placing p : all) {
            long actor = laneIds.get(p.lane());
            String text = p.event().describe() + (data == null ? "" : DataPreview.of(p.event(), actor, data::read));
            events.add(List.of(
                    p.lane(),
                    EventKinds.of(p.event(), read.created),
                    other(p.event()),
                    Fingerprint.classCodeOf(p.fingerprint()),
                    p.subtrace(),
                    text,
                    note(p.event()),
                    data == null ? "" : RecordedValue.of(p.event(), actor, data)));
        }
        return events;
    }

    /** The lane at an event's other end: a message's sender, a created actor, a system message's related actor; else -1. */
    private int other(TraceEvent e) {
        return switch (e) {
            case TraceEvent.Message m -> senderLane(m.sender());
            case TraceEvent.PromiseMessage m -> senderLane(m.sender());
            case TraceEvent.ExternalMessage m -> senderLane(m.sender());
            case TraceEvent.ExternalPromiseMessage m -> senderLane(m.sender());
            case TraceEvent.Creation c -> laneOf.getOrDefault(c.child(), -1);
            case TraceEvent.SystemMessageTurn t -> t.related() == 0 ? -1 : laneOf.getOrDefault(t.related(), -1);
            default -> -1;
        };
    }

    /** What the ids in an event stand for, when the inspect line alone does not say it. */
    private String note(TraceEvent e) {
        List<String> notes = new ArrayList<>();
        switch (e) {
            case TraceEvent.Message m -> add(notes, via(m.sender()));
            case TraceEvent.PromiseMessage m -> {
                add(notes, via(m.sender()));
                add(notes, via(m.resolver()));
            }
            case TraceEvent.ExternalPromiseMessage m -> add(notes, via(m.resolver()));
            case TraceEvent.Creation c
            when c.kind() != CreationKind.ACTOR ->
                notes.add("a " + c.kind().word() + " has no lane: what it sends is drawn from this lane");
            default -> {}
        }
        return String.join("; ", notes);
    }

    private static void add(List<String> notes, String note) {
        if (note != null) {
            notes.add(note);
        }
    }

    /**
     * Messages per sender lane, receiver lane and slice of the events file, {@code [from, to, slice,
     * count]}, slice by slice, most first. Slices are {@link TraceRead#WINDOWS} windows, merged
     * into fewer while that would give more than {@link #MAX_PAIR_ROWS} rows (a program where
     * every actor talks to every other).
     */
    private List<Object> pairs() {
        Map<List<Integer>, long[]> merged = new LinkedHashMap<>();
        read.windows.forEach((receiver, bySender) -> bySender.forEach((sender, counts) -> {
            long[] sum = merged.computeIfAbsent(
                    List.of(senderLane(sender), laneOf.get(receiver)), k -> new long[TraceRead.WINDOWS]);
            for (int w = 0; w < counts.length; w++) {
                sum[w] += counts[w];
            }
        }));
        slices = TraceRead.WINDOWS;
        List<long[]> rows = rows(merged, slices);
        while (rows.size() > MAX_PAIR_ROWS && slices > 1) {
            slices = slices % 2 == 0 ? slices / 2 : 1;
            rows = rows(merged, slices);
        }
        rows.sort(Comparator.comparingLong((long[] r) -> r[2]).thenComparingLong(r -> -r[3]));
        List<Object> pairs = new ArrayList<>(rows.size());
        for (long[] r : rows) {
            pairs.add(List.of(r[0], r[1], r[2], r[3]));
        }
        return pairs;
    }

    /** {@code [from, to, slice, count]} for each pair's non-empty slices, the windows grouped into {@code slices}. */
    private static List<long[]> rows(Map<List<Integer>, long[]> counts, int slices) {
        List<long[]> rows = new ArrayList<>();
        counts.forEach((pair, byWindow) -> {
            long[] bySlice = new long[slices];
            for (int w = 0; w < byWindow.length; w++) {
                bySlice[w * slices / byWindow.length] += byWindow[w];
            }
            for (int slice = 0; slice < slices; slice++) {
                if (bySlice[slice] > 0) {
                    rows.add(new long[] {pair.get(0), pair.get(1), slice, bySlice[slice]});
                }
            }
        });
        return rows;
    }
}
