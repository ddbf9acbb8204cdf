package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.trace.Encoding;
import dev.reprise.trace.EventBuffer;
import dev.reprise.trace.Json;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceIds;
import dev.reprise.trace.TraceMetadata;
import dev.reprise.trace.TraceWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data of {@code view}'s page, read back from the page it wrote: lanes in creation-tree order,
 * events in each actor's replay order whatever the file order, senders the trace does not know,
 * holes, summaries and damage. (ViewIT checks what the browser shows of it.)
 */
class ViewTest {
    @TempDir
    Path tmp;

    /** {@code view ARGS} in-process; the page's model as parsed JSON. */
    private Map<?, ?> view(Path dir, String... args) throws Exception {
        Path page = tmp.resolve("page.html");
        String[] all = new String[args.length + 3];
        all[0] = "view";
        all[1] = dir.toString();
        all[2] = "-o" + page;
        System.arraycopy(args, 0, all, 3, args.length);
        ToolsTest.Run r = ToolsTest.run(all);
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("wrote " + page), r.out());
        String html = Files.readString(page, StandardCharsets.UTF_8);
        String open = "<script id=\"model\" type=\"application/json\">";
        int from = html.indexOf(open) + open.length();
        return (Map<?, ?>) Json.parse(html.substring(from, html.indexOf("</script>", from)));
    }

    private static List<?> list(Map<?, ?> model, String key) {
        return (List<?>) model.get(key);
    }

    /** The lane ids, in the page's order. */
    private static List<String> laneIds(Map<?, ?> model) {
        return list(model, "lanes").stream()
                .map(l -> (String) ((List<?>) l).getFirst())
                .toList();
    }

    /** Each event as "LANE-ID: INSPECT-LINE", in the page's order. */
    private static List<String> events(Map<?, ?> model) {
        List<String> lanes = laneIds(model);
        return list(model, "events").stream()
                .map(e -> (List<?>) e)
                .map(e -> lanes.get(((Number) e.get(0)).intValue()) + ": " + e.get(5))
                .toList();
    }

    @Test
    void lanesFollowTheCreationTreeAndEventsTheFile() throws Exception {
        Path trace = tmp.resolve("pingpong");
        SampleTraces.pingPong(trace, 3);
        Map<?, ?> model = view(trace);
        assertEquals(List.of("2", "3", "4", Long.toString(TraceIds.FIRST_EXTERNAL_SOURCE)), laneIds(model));
        assertEquals(0L, ((List<?>) list(model, "lanes").get(1)).get(3), "actor 3 was made by actor 2, lane 0");
        assertEquals(
                List.of(
                        "2: created actor 3",
                        "3: message from 2",
                        "2: message from 3",
                        "3: message from 2",
                        "2: message from 3",
                        "3: message from 2",
                        "2: message from 3",
                        "4: external message from " + TraceIds.FIRST_EXTERNAL_SOURCE
                                + " type 7, data 1  [12 bytes: \"GET /flights\"]",
                        "4: system call, data 2  [8 bytes: 0000018bcfe56800]"),
                events(model));
        assertEquals(false, model.get("summarised"));
        assertEquals(List.of(), model.get("warnings"));
        List<?> input = (List<?>) list(model, "events").get(7);
        assertEquals(
                "12 bytes\ntext in it: \"GET /flights\"\n0000  47 45 54 20 2f 66 6c 69 67 68 74 73"
                        + "              GET /flights",
                input.get(7));
    }

    @Test
    void anActorsEventsAreInCounterOrderAndUnknownSendersGetALane() throws Exception {
        Path trace = tmp.resolve("order");
        try (TraceWriter w = TraceWriter.create(trace, TraceMetadata.begin("sample.Order", Map.of()))) {
            EventBuffer second = new EventBuffer(128, Encoding.COMPACT);
            second.subtraceStart(3, 1);
            second.message(7);
            w.writeEvents(2, 0, second.array(), second.size()); // written first, replayed second
            EventBuffer first = new EventBuffer(128, Encoding.COMPACT);
            first.subtraceStart(2, 0);
            first.message(99); // never created in the trace
            first.subtraceStart(3, 0);
            first.message(2);
            first.subtraceStart(7, 0);
            first.message(2);
            first.subtraceStart(7, 2); // subtrace 1 of actor 7 is lost
            first.message(3);
            w.writeEvents(1, 0, first.array(), first.size());
            w.finish(Map.of());
        }
        Map<?, ?> model = view(trace);
        List<String> events = events(model);
        // 3's second subtrace comes first in the file, but after its first in the page (as in a replay).
        assertEquals(
                List.of("2: message from 99", "3: message from 2", "3: message from 7", "7: message from 2"), events);
        List<?> unknown = (List<?>) list(model, "lanes").getLast();
        assertEquals("unknown", unknown.get(1));
        List<?> fromUnknown = (List<?>) list(model, "events").getFirst();
        assertEquals((long) list(model, "lanes").size() - 1, fromUnknown.get(2), "99's message comes from it");
        assertTrue(((String) fromUnknown.get(6)).contains("99 is not known to the trace"), fromUnknown.toString());
        assertEquals(
                List.of("actor 7: subtrace 1 is missing; its lane ends there (a replay stops there too)"),
                model.get("warnings"));
        List<?> seven = (List<?>) list(model, "lanes").get(laneIds(model).indexOf("7"));
        assertEquals(1L, seven.get(6), "the lane knows where it ends");
    }

    @Test
    void pastMaxEventsMessagesAreCountedPerLanePair() throws Exception {
        Path trace = tmp.resolve("pingpong");
        SampleTraces.pingPong(trace, 40);
        Map<?, ?> model = view(trace, "--max-events", "20");
        assertEquals(true, model.get("summarised"));
        assertEquals(List.of(), model.get("events"));
        long sum = 0;
        for (Object p : list(model, "pairs")) {
            sum += ((Number) ((List<?>) p).get(3)).longValue();
        }
        assertEquals(81, sum, "80 ping-pong messages and one outside input");
        assertEquals(83L, model.get("totalEvents"), "every event still counted: a creation and a system call too");
    }

    @Test
    void aDamagedTraceIsShownUpToTheDamage() throws Exception {
        Path trace = tmp.resolve("pingpong");
        SampleTraces.pingPong(trace, 40);
        byte[] events = Files.readAllBytes(TraceFiles.events(trace));
        Files.write(TraceFiles.events(trace), Arrays.copyOf(events, events.length - 10));
        ToolsTest.Run r = ToolsTest.run("view", trace.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().startsWith("warning: " + TraceFiles.events(trace)), r.err());
        Map<?, ?> model = view(trace);
        assertTrue(list(model, "warnings")
                .getFirst()
                .toString()
                .startsWith(TraceFiles.events(trace).toString()));
        assertTrue(!list(model, "events").isEmpty(), "the chunks before the damage are shown");
    }
}
