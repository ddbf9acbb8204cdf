package dev.reprise.tools.hunt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.reprise.trace.Durations;
import dev.reprise.trace.TraceMetadata;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The pieces of a hunt: durations, the replay command's quoting, output lines, a run's verdict. */
class HuntPartsTest {
    @Test
    void durations() {
        assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
        assertEquals(Duration.ofSeconds(90), Durations.parse("90s"));
        assertEquals(Duration.ofSeconds(7), Durations.parse("7"));
        assertEquals(Duration.ofMinutes(10), Durations.parse("10M"));
        assertEquals(Duration.ofHours(1), Durations.parse("1h"));
        assertEquals("4m 05s", Durations.text(Duration.ofSeconds(245)));
        assertEquals("12s", Durations.text(Duration.ofMillis(12_400)));
        assertEquals("1h 02m", Durations.text(Duration.ofMinutes(62)));
    }

    @Test
    void theReplayCommandQuotesOnlyWhatTheShellWouldSplitOrExpand() {
        assertEquals(
                "reprise replay --trace /tmp/t -- -cp a.jar:b.jar com.acme.Main 'two words' 'it'\\''s' '$HOME'",
                ShellWords.join(List.of(
                        "reprise",
                        "replay",
                        "--trace",
                        "/tmp/t",
                        "--",
                        "-cp",
                        "a.jar:b.jar",
                        "com.acme.Main",
                        "two words",
                        "it's",
                        "$HOME")));
    }

    @Test
    void outputIsCopiedWholeAndItsFirstMatchingLineKept() throws Exception {
        OutputLines lines = new OutputLines(Pattern.compile("LOST"));
        ByteArrayOutputStream copy = new ByteArrayOutputStream();
        String text = "round 1 ok\r\nLOST UPDATE in round 2\nLOST again\nlast line without newline";
        lines.copy(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), copy);
        assertEquals(text, copy.toString(StandardCharsets.UTF_8));
        assertEquals("LOST UPDATE in round 2", lines.matched());

        OutputLines last = new OutputLines(Pattern.compile("end$"));
        last.copy(new ByteArrayInputStream("a\nthe end".getBytes(StandardCharsets.UTF_8)), new ByteArrayOutputStream());
        assertEquals("the end", last.matched(), "a last line without its newline is matched too");
    }

    @Test
    void aRunFailsOnAMatchedLineAnExitStatusOrAnActorsError() {
        FailureRules strict = new FailureRules(null, false, Duration.ofMinutes(1));
        FailureRules lenient = new FailureRules(null, true, Duration.ofMinutes(1));
        TraceMetadata clean = metadata(Map.of());
        TraceMetadata twoErrors = metadata(Map.of(TraceMetadata.ACTOR_FAILURES, 2L));
        assertNull(HuntRun.verdict(0, null, clean, strict));
        assertEquals("a line matched --until: LOST", HuntRun.verdict(3, "LOST", twoErrors, strict));
        assertEquals("exit status 3", HuntRun.verdict(3, null, twoErrors, strict));
        assertEquals("2 uncaught errors in actors (see their log)", HuntRun.verdict(0, null, twoErrors, strict));
        assertNull(HuntRun.verdict(0, null, twoErrors, lenient));
        assertNull(HuntRun.verdict(0, null, null, strict), "no metadata: the exit status alone");
    }

    private static TraceMetadata metadata(Map<String, Long> counts) {
        return TraceMetadata.begin("Main", Map.of()).finish(counts);
    }
}
