package dev.reprise.tools.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replay's JSON report read for the page: each actor it names placed on its lane, and what does
 * not fit this trace (another trace's report, an actor without a lane) a warning; a file that is
 * no report of this version refused, naming it.
 */
class ReplayMarksTest {
    @TempDir
    Path tmp;

    private static final List<Object> LANES = List.of(List.of("25", "actor"), List.of("26", "actor"));

    @Test
    void actorsAreOnTheirLanesAndWhatDoesNotFitIsAWarning() throws Exception {
        Path trace = Files.createDirectories(tmp.resolve("trace"));
        Path file = write("""
                {"version": 1, "trace": "/elsewhere", "end": "diverged", "exitCode": 86,
                 "firstDifference": {"actor": 26, "name": "/user/hub (26)", "event": 3, "expected": "message from 25",
                                     "did": "its event 4 ...", "cause": "the program changed", "held": 0},
                 "waiting": [{"actor": 25, "name": "/user/a (25)", "event": 0, "expected": "message from 26", "held": 2},
                             {"actor": 99, "name": "/user/b (99)", "event": 1, "expected": null, "held": null}],
                 "moreWaiting": 0, "damage": null, "text": "[reprise] REPLAY DIVERGED"}
                """);
        List<String> warnings = new ArrayList<>();
        Map<String, Object> m = ReplayMarks.model(ReplayMarks.read(file), trace, LANES, warnings);
        Map<?, ?> first = (Map<?, ?>) m.get("first");
        assertEquals(1, first.get("lane"));
        assertEquals(3L, first.get("event"));
        List<?> waiting = (List<?>) m.get("waiting");
        assertEquals(0, ((Map<?, ?>) waiting.get(0)).get("lane"));
        assertEquals(-1, ((Map<?, ?>) waiting.get(1)).get("lane"));
        assertEquals("diverged", m.get("end"));
        assertEquals("[reprise] REPLAY DIVERGED", m.get("text"));
        assertEquals(2, warnings.size(), warnings::toString);
        assertTrue(
                warnings.get(0).startsWith(file + ": the replay report is of the trace in /elsewhere"),
                warnings::toString);
        assertTrue(warnings.get(1).contains("names actor 99, which has no lane in this trace"), warnings::toString);
    }

    @Test
    void aFileThatIsNoReportOfThisVersionIsRefusedNamingIt() throws Exception {
        for (String[] c : new String[][] {
            {"not json", "not JSON"},
            {"{\"hello\": 1}", "not a replay report"},
            {
                "{\"version\": 2, \"end\": \"diverged\", \"text\": \"\"}",
                "a replay report of version 2; this view reads version 1"
            }
        }) {
            Path file = write(c[0]);
            ReplayMarks.BadReport e = assertThrows(ReplayMarks.BadReport.class, () -> ReplayMarks.read(file));
            assertTrue(e.getMessage().startsWith(file + ": " + c[1]), e.getMessage());
        }
    }

    private Path write(String text) throws Exception {
        Path file = Files.createTempFile(tmp, "report", ".json");
        Files.writeString(file, text);
        return file;
    }
}
