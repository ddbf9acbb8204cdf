package dev.reprise.tools.view;

import dev.reprise.trace.CreationKind;
import dev.reprise.trace.Subtrace;
import dev.reprise.trace.SubtraceStream;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceIds;
import dev.reprise.trace.TraceProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * One pass over a trace's events file for the page: every actor's subtraces in replay (counter)
 * order, each with its place in the file, what was created by whom, and which ids are outside
 * sources. Keeps the subtraces of the listed actors only while they have at most {@code maxEvents}
 * events; past that it keeps counts per actor pair and file window ({@link #windows}) instead.
 */
final class TraceRead {
    /** How many slices of the events file a large trace's messages are counted in. */
    static final int WINDOWS = 24;

    /** A subtrace and the position of its first event among all the file's events, in file order. */
    record Placed(Subtrace subtrace, long position) {}

    /**
     * The ids that get a lane, as stats counts them (owners of events, actors created, senders of
     * outside input), in order of appearance: true for an outside source, false for an actor.
     */
    final Map<Long, Boolean> lanes = new LinkedHashMap<>();
    /** Every created id and who created it. */
    final Map<Long, Long> creator = new HashMap<>();
    /** Every created id and what it is. */
    final Map<Long, CreationKind> created = new HashMap<>();
    /** Per actor, its subtraces in replay order (empty when the trace was too large to keep them). */
    final Map<Long, List<Placed>> subtraces = new LinkedHashMap<>();
    /** Per receiver, per sender id, messages per window of the file (always counted). */
    final Map<Long, Map<Long, long[]>> windows = new LinkedHashMap<>();
    /** Per actor, events by kind name (always counted). */
    final Map<Long, Map<String, Long>> kindCounts = new LinkedHashMap<>();
    /** Per actor whose subtraces have a hole, the counter of the first missing one. */
    final Map<Long, Long> missing = new LinkedHashMap<>();

    final List<TraceProblem> problems = new ArrayList<>();
    int formatVersion;
    /** Events in the file. */
    long events;
    /** Events of the actors whose events the page lists. */
    long listedEvents;
    /** Processed messages of every kind in the file (as stats counts them). */
    long messages;

    boolean summarised;

    private final LongPredicate listed;

    private TraceRead(LongPredicate listed) {
        this.listed = listed;
    }

    /**
     * Reads the events file of the trace in {@code dir}, keeping the subtraces of the actors that
     * {@code listed} accepts.
     *
     * @throws dev.reprise.trace.TraceFormatException when its header is unreadable (nothing else is)
     */
    static TraceRead of(Path dir, long maxEvents, LongPredicate listed) throws IOException {
        TraceRead r = new TraceRead(listed);
        Path file = TraceFiles.events(dir);
        long size = Math.max(1, Files.size(file));
        try (SubtraceStream stream = SubtraceStream.open(file)) {
            r.formatVersion = stream.version();
            for (Subtrace s; (s = stream.next()) != null; ) {
                int window = (int) Math.min(WINDOWS - 1, s.origin().offset() * WINDOWS / size);
                r.add(s, window);
                if (!r.summarised && r.listedEvents > maxEvents) {
                    r.summarised = true;
                    r.subtraces.values().forEach(List::clear); // the counts stand for them from here on
                }
            }
            r.problems.addAll(stream.problems());
        }
        r.putInOrder();
        return r;
    }

    private void add(Subtrace s, int window) {
        long actor = s.actor();
        lane(actor);
        if (!summarised && listed.test(actor)) {
            subtraces.computeIfAbsent(actor, a -> new ArrayList<>()).add(new Placed(s, events));
            listedEvents += s.events().size();
        }
        events += s.events().size();
        Map<String, Long> kinds = kindCounts.computeIfAbsent(actor, a -> new LinkedHashMap<>());
        for (TraceEvent e : s.events()) {
            kinds.merge(EventKinds.of(e, created), 1L, Long::sum);
            if (e.isMessage()) {
                messages++;
            }
            long sender = switch (e) {
                case TraceEvent.Message m -> m.sender();
                case TraceEvent.PromiseMessage m -> m.sender();
                case TraceEvent.ExternalMessage m -> external(m.sender());
                case TraceEvent.ExternalPromiseMessage m -> external(m.sender());
                default -> -1;
            };
            if (sender >= 0) {
                windows.computeIfAbsent(actor, a -> new LinkedHashMap<>())
                        .computeIfAbsent(sender, x -> new long[WINDOWS])[window]++;
            }
            if (e instanceof TraceEvent.Creation c) {
                creator.put(c.child(), actor);
                created.put(c.child(), c.kind());
                if (c.kind() == CreationKind.ACTOR) {
                    lane(c.child());
                }
            }
        }
    }

    /** An outside input's sender: a source, which gets a lane even when it owns no events. */
    private long external(long sender) {
        lane(sender);
        return sender;
    }

    /** Counts {@code id} as stats does: an outside source from its id range on, an actor below (0 is nobody). */
    private void lane(long id) {
        if (id != TraceIds.UNKNOWN) {
            lanes.putIfAbsent(id, TraceIds.isExternalSource(id, formatVersion));
        }
    }

    /**
     * Sorts each actor's subtraces by counter (file order is per thread, not per actor), drops
     * duplicates and notes the first hole: a replay stops there, and so does the page's lane.
     */
    private void putInOrder() {
        for (Map.Entry<Long, List<Placed>> e : subtraces.entrySet()) {
            List<Placed> list = e.getValue();
            long reference = 0;
            List<Placed> unwrapped = new ArrayList<>(list.size());
            for (Placed p : list) {
                // Counters are recorded as 32 bits: the one closest to the last seen (as the reader does).
                long counter = reference + (int) ((int) p.subtrace().counter() - (int) reference);
                reference = Math.max(reference, counter);
                unwrapped.add(new Placed(withCounter(p.subtrace(), counter), p.position()));
            }
            unwrapped.sort(Comparator.comparingLong(p -> p.subtrace().counter()));
            List<Placed> kept = new ArrayList<>();
            long expected = 0;
            for (Placed p : unwrapped) {
                long c = p.subtrace().counter();
                if (c < expected) {
                    continue; // a duplicate
                }
                if (c > expected) {
                    missing.put(e.getKey(), expected);
                    break;
                }
                kept.add(p);
                expected++;
            }
            list.clear();
            list.addAll(kept);
        }
    }

    private static Subtrace withCounter(Subtrace s, long counter) {
        return counter == s.counter() ? s : new Subtrace(s.actor(), counter, s.events(), s.origin(), s.marks());
    }
}
