package dev.reprise.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class HeldMessagesTest {
    record Ping(int n) {}

    @Test
    void groupsBySenderAndClassWithCountsInArrivalOrder() {
        HeldMessages held = new HeldMessages();
        for (int i = 0; i < 37; i++) {
            held.add("message", "/user/a (5)", "text " + i);
        }
        held.add("message", "/user/b (6)", new Ping(1));
        held.add("message", "/user/a (5)", new Ping(2));
        held.add("message", "/user/b (6)", new Ping(3));
        held.add("system message: stop", null, null);

        assertEquals(41, held.total());
        assertEquals(
                List.of(
                        "37 × String from /user/a (5), e.g. \"text 0\"",
                        "2 × Ping from /user/b (6), e.g. Ping[n=1]",
                        "1 × Ping from /user/a (5): Ping[n=2]",
                        "1 × system message: stop"),
                held.lines(-1));
    }

    @Test
    void namesWhatIsNotAPlainMessage() {
        HeldMessages held = new HeldMessages();
        held.add("outside input", "thread main (2)", "go");
        assertEquals(List.of("1 × String (outside input) from thread main (2): \"go\""), held.lines(-1));
    }

    @Test
    void showsAtMostTheLimitTheLastLineCountingWhatIsLeftOut() {
        HeldMessages held = new HeldMessages();
        for (int sender = 0; sender < 9; sender++) {
            held.add("message", "/user/s" + sender, "x");
        }
        List<String> lines = held.lines(5);
        assertEquals(5, lines.size());
        assertEquals("1 × String from /user/s0: \"x\"", lines.get(0));
        assertEquals("... and 5 more kinds of message", lines.get(4));
        assertEquals(9, held.lines(9).size());
        assertEquals(9, held.lines(-1).size());
    }

    @Test
    void cutsLongTextsToOneShortLine() {
        String long30k = "ab\ncd".repeat(6_000);
        String shown = HeldMessages.text(long30k);
        assertTrue(shown.startsWith("\"ab\\ncdab\\ncd"), shown);
        assertTrue(shown.endsWith("... (30000 characters)\""), shown);
        assertTrue(shown.length() < 2 * HeldMessages.TEXT_LIMIT && !shown.contains("\n"), shown);
        assertEquals("\"short\"", HeldMessages.text("short"));
        assertEquals("Ping[n=4]", HeldMessages.text(new Ping(4)));
    }

    @Test
    void survivesAMessageWhoseToStringFails() {
        Object bad = new Object() {
            @Override
            public String toString() {
                throw new IllegalStateException("no");
            }
        };
        assertTrue(HeldMessages.text(bad).contains("its toString failed: java.lang.IllegalStateException: no"));
    }
}
