package dev.reprise.tools.view;

import dev.reprise.tools.diff.DiffJson;
import dev.reprise.tools.diff.DiffResult;
import dev.reprise.tools.diff.RecordedRun;
import dev.reprise.tools.diff.TraceDiff;
import dev.reprise.trace.DataFileReader;
import dev.reprise.trace.Json;
import dev.reprise.trace.SourceNames;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceFormatException;
import dev.reprise.trace.TraceMetadata;
import dev.reprise.trace.TraceProblem;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Writes the page of {@code reprise view}: the template {@code view.html} (its script and style
 * inline) with the trace's model in place of its placeholder, one file that opens without a server
 * or network.
 */
public final class ViewPage {
    private static final String TEMPLATE = "view.html";
    private static final String PLACEHOLDER = "/*TRACE-MODEL*/";
    /** Problems of the events file listed one by one in the page; more are only counted. */
    private static final int PROBLEMS_SHOWN = 20;

    /**
     * What was written.
     *
     * @param warnings what the page shows as warnings (a damaged trace, a hole in an actor's events)
     * @param listed the events the page lists (0 when summarised)
     * @param summarised whether the messages are counted per lane pair instead of listed
     */
    public record Written(
            Path page, long bytes, int lanes, long events, long listed, boolean summarised, List<String> warnings) {}

    private ViewPage() {}

    /**
     * Writes the page of the trace in {@code dir} to {@code page}, listing the events of {@code
     * actors} (every actor when empty) when they are at most {@code maxEvents}, else counting
     * messages per lane pair and slice of the recording; with {@code replay} (may be null), the
     * page marks where that replay of the trace differed.
     *
     * @throws TraceFormatException when the events file's header is unreadable (nothing could be shown)
     */
    public static Written write(Path dir, Path page, long maxEvents, Set<Long> actors, ReplayMarks.Report replay)
            throws IOException {
        List<String> warnings = new ArrayList<>();
        Run run = read(dir, maxEvents, actors, actors.isEmpty(), warnings);
        Map<String, Object> all = run.header();
        all.put("listedActors", actors.stream().map(Long::toUnsignedString).toList());
        all.put("maxEvents", maxEvents);
        all.put("summarised", run.read().summarised);
        all.putAll(run.model());
        all.put(
                "replay",
                replay == null
                        ? null
                        : ReplayMarks.model(replay, dir, (List<?>) run.model().get("lanes"), warnings));
        all.put("against", null);
        all.put("warnings", warnings);
        TraceRead read = run.read();
        return write(page, all, read.events, read.summarised ? 0 : read.listedEvents, read.summarised, warnings);
    }

    /**
     * Writes the page of the traces in {@code a} and {@code b}, two recordings of one program, side
     * by side: their actors matched by place as {@code reprise diff} matches them, each matched
     * actor's first differing event marked in both, root causes first.
     *
     * Past {@code maxEvents} events in a run, the page lists the events of differing actors only, with
     * every lane: roots first, as many as fit in {@code maxEvents} per run, {@value #DIFFERING_LISTED} at most.
     *
     * @throws IllegalStateException when no differing actor's events fit
     * @throws TraceFormatException when an events file's header is unreadable
     */
    public static Written writeAgainst(Path a, Path b, Path page, long maxEvents) throws IOException {
        List<String> warnings = new ArrayList<>();
        Map<String, Object> diffJson;
        Map<Long, Long> matched;
        Set<Long> listedA = new LinkedHashSet<>();
        Set<Long> listedB = new LinkedHashSet<>();
        long eventsA;
        long eventsB;
        try (RecordedRun recordedA = RecordedRun.read("A", a);
                RecordedRun recordedB = RecordedRun.read("B", b)) {
            DiffResult diff = TraceDiff.compare(recordedA, recordedB);
            diffJson = DiffJson.of(diff);
            matched = diff.matchedIds();
            eventsA = recordedA.events();
            eventsB = recordedB.events();
            if (eventsA > maxEvents || eventsB > maxEvents) {
                chooseDiffering(diffJson, recordedA, recordedB, maxEvents, listedA, listedB);
            }
        } catch (IOException e) {
            throw e;
        } catch (Exception e) { // closing a run's data file
            throw new IOException(e.getMessage(), e);
        }
        if ((eventsA > maxEvents || eventsB > maxEvents) && listedA.isEmpty() && listedB.isEmpty()) {
            throw new IllegalStateException(String.format(
                    Locale.ROOT,
                    "the traces have %,d and %,d events, more than --max-events %,d, and no differing actor's events "
                            + "fit in it: raise --max-events, or compare the traces with reprise diff",
                    eventsA,
                    eventsB,
                    maxEvents));
        }
        List<String> readA = new ArrayList<>();
        List<String> readB = new ArrayList<>();
        boolean whole = eventsA <= maxEvents && eventsB <= maxEvents;
        Run runA = read(a, maxEvents, listedA, whole, readA);
        Run runB = read(b, maxEvents, listedB, whole, readB);
        if (!whole) {
            warnings.add(String.format(
                    Locale.ROOT,
                    "the traces have %,d and %,d events, more than --max-events %,d: listed are the events of "
                            + "differing actors, roots first, as many as fit (A: %s; B: %s); the other lanes only send",
                    eventsA,
                    eventsB,
                    maxEvents,
                    ids(listedA),
                    ids(listedB)));
        }
        warnings.addAll(readA);
        warnings.addAll(readB);
        String programA = mainClass(runA.metadata());
        String programB = mainClass(runB.metadata());
        if (programA != null && programB != null && !programA.equals(programB)) {
            warnings.add("the traces record different programs (A: " + programA + ", B: " + programB + ")");
        }
        Map<String, Object> all = AgainstModel.merge(runA, runB, diffJson, matched, warnings);
        all.put("listedActors", listedA.stream().map(Long::toUnsignedString).toList());
        all.put("maxEvents", maxEvents);
        all.put("warnings", warnings);
        long events = runA.read().events + runB.read().events;
        long listed = runA.read().listedEvents + runB.read().listedEvents;
        return write(page, all, events, listed, false, warnings);
    }

    /** The differing actors whose events a page of two traces too large to list whole lists, per run. */
    static final int DIFFERING_LISTED = 8;

    /**
     * The differing actors listed when the traces are too large to list whole: in the diff's order
     * (roots first), each one whose events fit in both runs' {@code maxEvents} with those taken.
     */
    private static void chooseDiffering(
            Map<String, Object> diff,
            RecordedRun a,
            RecordedRun b,
            long maxEvents,
            Set<Long> listedA,
            Set<Long> listedB) {
        long inA = 0;
        long inB = 0;
        for (Object o : (List<?>) diff.get("differences")) {
            Map<?, ?> d = (Map<?, ?>) o;
            Long idA = d.get("actor") == null ? null : ((Number) d.get("actor")).longValue();
            Long idB = d.get("actorInB") == null ? null : ((Number) d.get("actorInB")).longValue();
            long moreA = idA == null ? 0 : a.events(idA);
            long moreB = idB == null ? 0 : b.events(idB);
            if (inA + moreA > maxEvents || inB + moreB > maxEvents) {
                continue;
            }
            inA += moreA;
            inB += moreB;
            if (idA != null) {
                listedA.add(idA);
            }
            if (idB != null) {
                listedB.add(idB);
            }
            if (Math.max(listedA.size(), listedB.size()) >= DIFFERING_LISTED) {
                return;
            }
        }
    }

    private static String ids(Set<Long> ids) {
        return ids.isEmpty()
                ? "none"
                : String.join(", ", ids.stream().map(Long::toUnsignedString).toList());
    }

    /** The recorded program's main class, or null when the metadata is unreadable. */
    private static String mainClass(TraceMetadata metadata) {
        return metadata == null || metadata.program() == null
                ? null
                : metadata.program().split(" ", 2)[0];
    }

    /**
     * One trace read for a page: its metadata (null when unreadable), its events and the model of
     * its lanes and events ({@link ViewModel}).
     */
    record Run(Path dir, TraceMetadata metadata, TraceRead read, Map<String, Object> model) {
        /** What the page's header says of the run: its path, program, start, end and counts. */
        Map<String, Object> header() {
            Map<String, Object> h = new LinkedHashMap<>();
            h.put("trace", dir.toAbsolutePath().normalize().toString());
            h.put("program", metadata == null ? null : metadata.program());
            h.put(
                    "start",
                    metadata == null || metadata.start() == null
                            ? null
                            : metadata.start().toString());
            h.put("ended", metadata == null ? null : metadata.endedText());
            h.put("totalEvents", read.events);
            h.put("totalMessages", read.messages);
            return h;
        }
    }

    /** Reads the trace in {@code dir}, listing the events of {@code actors}, or of every actor. */
    private static Run read(Path dir, long maxEvents, Set<Long> actors, boolean everyActor, List<String> warnings)
            throws IOException {
        TraceMetadata metadata = metadata(dir, warnings);
        TraceRead read = TraceRead.of(dir, maxEvents, everyActor ? a -> true : actors::contains);
        for (long actor : actors) {
            if (!read.lanes.containsKey(actor)) {
                warnings.add("actor " + actor + " has no events in this trace");
            }
        }
        problems(read.problems, warnings);
        read.missing.forEach((actor, counter) -> warnings.add("actor " + actor + ": subtrace " + counter
                + " is missing; its lane ends there (a replay stops there too)"));
        try (DataFileReader data = data(dir, warnings)) {
            SourceNames sources = SourceNames.read(metadata, data);
            problems(sources.problems(), warnings);
            return new Run(dir, metadata, read, ViewModel.build(read, sources, data));
        }
    }

    private static Written write(
            Path page, Map<String, Object> all, long events, long listed, boolean summarised, List<String> warnings)
            throws IOException {
        // '<' only occurs inside JSON strings, where \u003c means the same: no "</script>" can end the data early.
        String json = Json.write(all).replace("<", "\\u003c");
        String html = template().replace(PLACEHOLDER, json);
        Files.writeString(page, html, StandardCharsets.UTF_8);
        int lanes = ((List<?>) all.get("lanes")).size();
        return new Written(page, Files.size(page), lanes, events, listed, summarised, List.copyOf(warnings));
    }

    private static TraceMetadata metadata(Path dir, List<String> warnings) throws IOException {
        try {
            TraceMetadata m = TraceMetadata.read(dir);
            if (!m.cleanEnd()) {
                warnings.add(TraceFiles.metadata(dir) + ": the recording did not end cleanly (killed or crashed): "
                        + "what it recorded after its last flush is lost");
            }
            return m;
        } catch (NoSuchFileException e) {
            warnings.add(TraceFiles.metadata(dir) + ": missing (no program, start time or source names)");
        } catch (TraceFormatException e) {
            warnings.add(e.getMessage());
        }
        return null;
    }

    /** The data file, or null (with a warning) when it is missing or unreadable: the events are shown without data. */
    private static DataFileReader data(Path dir, List<String> warnings) throws IOException {
        Path file = TraceFiles.data(dir);
        if (!Files.exists(file)) {
            return null; // a trace without recorded data has none
        }
        try {
            DataFileReader data = DataFileReader.open(file);
            problems(data.problems(), warnings);
            return data;
        } catch (TraceFormatException e) {
            warnings.add(e.getMessage() + " (recorded values and input are not shown)");
            return null;
        }
    }

    private static void problems(List<TraceProblem> problems, List<String> warnings) {
        problems.stream().limit(PROBLEMS_SHOWN).forEach(p -> warnings.add(p.toString()));
        if (problems.size() > PROBLEMS_SHOWN) {
            warnings.add(
                    "... and " + (problems.size() - PROBLEMS_SHOWN) + " more problems (reprise verify lists them)");
        }
    }

    private static String template() throws IOException {
        try (InputStream in = ViewPage.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException("the page template " + TEMPLATE + " is missing from the tools jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
