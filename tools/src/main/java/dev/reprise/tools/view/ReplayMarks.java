package dev.reprise.tools.view;

import dev.reprise.trace.Json;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A replay's JSON report ({@code replay-report.json}, written by the replay: replay/README.md
 * describes its keys) read for the page, which marks the event where the replay first differed
 * and the events the waiting actors expected, and shows the report's text.
 */
public final class ReplayMarks {
    /** The report's version this reader knows. */
    private static final long VERSION = 1;

    /** A file that is not a replay report this reader knows: the message names the file and what is wrong. */
    public static final class BadReport extends Exception {
        BadReport(Path file, String why) {
            super(file + ": " + why);
        }
    }

    /**
     * A parsed report.
     *
     * @param file where it was read
     * @param json its object
     */
    public record Report(Path file, Map<?, ?> json) {}

    private ReplayMarks() {}

    /** Reads and checks the report in {@code file}. */
    public static Report read(Path file) throws IOException, BadReport {
        Object parsed;
        try {
            parsed = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (Json.ParseException e) {
            throw new BadReport(file, "not JSON (" + e.getMessage() + ")");
        } catch (CharacterCodingException e) {
            throw new BadReport(file, "not a text file");
        }
        if (!(parsed instanceof Map<?, ?> m)
                || !(m.get("end") instanceof String)
                || !(m.get("text") instanceof String)) {
            throw new BadReport(file, "not a replay report (it has no \"end\" and \"text\")");
        }
        if (!(m.get("version") instanceof Number v) || v.longValue() != VERSION) {
            throw new BadReport(
                    file, "a replay report of version " + m.get("version") + "; this view reads version " + VERSION);
        }
        return new Report(file, m);
    }

    /**
     * The page's {@code replay} object: the report's end, exit code, text and damage, its first
     * difference and waiting actors, each with the index of its lane among {@code lanes} (the
     * model's, {@code [id, ...]}; -1 for an actor without one, with a warning).
     */
    static Map<String, Object> model(Report report, Path trace, List<?> lanes, List<String> warnings) {
        Map<?, ?> json = report.json();
        Object recorded = json.get("trace");
        if (recorded instanceof String t
                && !Path.of(t).equals(trace.toAbsolutePath().normalize())) {
            warnings.add(report.file() + ": the replay report is of the trace in " + t
                    + " (a copy of this one, or another recording)");
        }
        Map<String, Integer> laneOf = new HashMap<>();
        for (int i = 0; i < lanes.size(); i++) {
            laneOf.put(String.valueOf(((List<?>) lanes.get(i)).get(0)), i);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", report.file().toAbsolutePath().normalize().toString());
        m.put("end", json.get("end"));
        m.put("exitCode", json.get("exitCode"));
        m.put("text", json.get("text"));
        m.put("damage", json.get("damage"));
        m.put("first", json.get("firstDifference") instanceof Map<?, ?> f ? actor(f, laneOf, report, warnings) : null);
        List<Object> waiting = new ArrayList<>();
        if (json.get("waiting") instanceof List<?> list) {
            for (Object w : list) {
                if (w instanceof Map<?, ?> a) {
                    waiting.add(actor(a, laneOf, report, warnings));
                }
            }
        }
        m.put("waiting", waiting);
        return m;
    }

    private static Map<String, Object> actor(
            Map<?, ?> a, Map<String, Integer> laneOf, Report report, List<String> warnings) {
        String id = a.get("actor") instanceof Number n ? Long.toUnsignedString(n.longValue()) : "?";
        Integer lane = laneOf.get(id);
        if (lane == null) {
            warnings.add(report.file() + ": the replay report names actor " + id + ", which has no lane in this trace");
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("lane", lane == null ? -1 : lane);
        m.put("actor", id);
        m.put("name", a.get("name"));
        m.put("event", a.get("event") instanceof Number n ? n.longValue() : -1);
        m.put("expected", a.get("expected"));
        m.put("did", a.get("did"));
        m.put("cause", a.get("cause"));
        m.put("held", a.get("held"));
        return m;
    }
}
