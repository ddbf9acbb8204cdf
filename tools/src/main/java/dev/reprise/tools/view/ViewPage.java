package dev.reprise.tools.view;

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
import java.util.List;
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
        TraceMetadata metadata = metadata(dir, warnings);
        TraceRead read = TraceRead.of(dir, maxEvents, actors.isEmpty() ? a -> true : actors::contains);
        for (long actor : actors) {
            if (!read.lanes.containsKey(actor)) {
                warnings.add("actor " + actor + " has no events in this trace");
            }
        }
        problems(read.problems, warnings);
        read.missing.forEach((actor, counter) -> warnings.add("actor " + actor + ": subtrace " + counter
                + " is missing; its lane ends there (a replay stops there too)"));
        Map<String, Object> model;
        try (DataFileReader data = data(dir, warnings)) {
            SourceNames sources = SourceNames.read(metadata, data);
            problems(sources.problems(), warnings);
            model = ViewModel.build(read, sources, data);
        }
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("trace", dir.toAbsolutePath().normalize().toString());
        all.put("program", metadata == null ? null : metadata.program());
        all.put(
                "start",
                metadata == null || metadata.start() == null
                        ? null
                        : metadata.start().toString());
        all.put("ended", metadata == null ? null : metadata.endedText());
        all.put("totalEvents", read.events);
        all.put("totalMessages", read.messages);
        all.put("listedActors", actors.stream().map(Long::toUnsignedString).toList());
        all.put("maxEvents", maxEvents);
        all.put("summarised", read.summarised);
        all.putAll(model);
        all.put(
                "replay",
                replay == null ? null : ReplayMarks.model(replay, dir, (List<?>) model.get("lanes"), warnings));
        all.put("warnings", warnings);
        // '<' only occurs inside JSON strings, where \u003c means the same: no "</script>" can end the data early.
        String json = Json.write(all).replace("<", "\\u003c");
        String html = template().replace(PLACEHOLDER, json);
        Files.writeString(page, html, StandardCharsets.UTF_8);
        int lanes = ((List<?>) model.get("lanes")).size();
        return new Written(
                page,
                Files.size(page),
                lanes,
                read.events,
                read.summarised ? 0 : read.listedEvents,
                read.summarised,
                List.copyOf(warnings));
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
