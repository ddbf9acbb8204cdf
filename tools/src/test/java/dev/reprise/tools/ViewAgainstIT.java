package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.ChosenWorkerProgram;
import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * {@code reprise view A --against B} in headless Chromium: two recordings of {@link
 * ChosenWorkerProgram} that choose different workers side by side, each actor in the same column
 * of both halves, the diff's differences listed roots first and each one's first differing event
 * marked in both runs, as {@code reprise diff --json} finds them; a trace against itself marks
 * nothing.
 */
class ViewAgainstIT {
    static Path left;
    static Path right;

    @BeforeAll
    static void record() throws Exception {
        Cli.requireJars();
        Path dir = RecordedPrograms.folder("view-against");
        left = dir.resolve("left");
        right = dir.resolve("right");
        RecordedPrograms.record(left, ChosenWorkerProgram.class, "left");
        RecordedPrograms.record(right, ChosenWorkerProgram.class, "right");
    }

    @AfterAll
    static void closeBrowser() {
        ViewPages.quit();
    }

    @Test
    void twoRunsSideBySideWithEachActorsFirstDifferenceMarkedRootsFirst() throws Exception {
        Cli.Result json = Cli.tools("diff", "--json", left.toString(), right.toString());
        assertEquals(1, json.exit(), json::toString);
        Map<?, ?> diff = (Map<?, ?>) Json.parse(json.out());
        List<?> differences = (List<?>) diff.get("differences");
        Map<?, ?> firstRoot = (Map<?, ?>) differences.getFirst();
        assertEquals(true, firstRoot.get("root"));

        ChromeDriver b = ViewPages.open(left, "--against", right.toString());
        assertTrue(b.getCurrentUrl().endsWith("/left/against.html"), b.getCurrentUrl());
        String box = b.findElement(By.id("diff")).getText();
        assertTrue(box.startsWith(differences.size() + " actors differ (" + diff.get("roots") + " root cause"), box);
        List<WebElement> items = b.findElements(By.cssSelector("#differences li"));
        assertEquals(Math.min(50, differences.size()), items.size());
        for (int i = 0; i < items.size(); i++) {
            Map<?, ?> d = (Map<?, ?>) differences.get(i);
            String item = items.get(i).getText();
            assertEquals(d.get("root").equals(true), item.startsWith("root cause · "), item);
            assertTrue(item.endsWith(" differs: " + d.get("why")), item + " vs " + d);
        }

        // The page opens at the first root cause's event in run A, marked in both runs.
        String details = b.findElement(By.id("details")).getText();
        assertTrue(
                details.contains("Difference\nThis actor's first difference between A and B, a root cause: "
                        + firstRoot.get("why")),
                details);
        assertTrue(
                details.contains(
                        "Actor\nactor " + firstRoot.get("actor") + " (id " + firstRoot.get("actor") + ", run A)"),
                details);
        assertTrue(details.contains("Trace\n" + left), details);
        assertTrue(
                details.contains("Replay order\nevent " + ((Long) firstRoot.get("agreeingEvents") + 1) + " of "),
                details);
        assertInspected(b, (Map<?, ?>) firstRoot.get("inA"));
        assertTrue(b.findElement(By.cssSelector(".event.selected"))
                .getAttribute("class")
                .contains("differs root"));

        b.findElement(By.cssSelector("#details .show-other")).click();
        details = b.findElement(By.id("details")).getText();
        assertTrue(
                details.contains(
                        "Actor\nactor " + firstRoot.get("actorInB") + " (id " + firstRoot.get("actorInB") + ", run B)"),
                details);
        assertTrue(details.contains("Trace\n" + right), details);
        assertInspected(b, (Map<?, ?>) firstRoot.get("inB"));
        assertTrue(b.findElement(By.cssSelector(".event.selected"))
                .getAttribute("class")
                .contains("differs root"));

        // A following difference (the scoreboard, actor 25, whose senders have one id but are two actors).
        int scoreboard = indexOfActor(differences, 25L);
        items.get(scoreboard).click();
        details = b.findElement(By.id("details")).getText();
        assertTrue(details.contains("This actor's first difference between A and B, following from actor "), details);
        assertTrue(details.contains("Actor\nactor 25 (id 25, run A)"), details);

        // The same actor in the same column of both halves: as far from its half's first column in each.
        for (String actor : List.of("25", "28")) {
            int inA = head(b, actor, "A").getLocation().getX() - firstColumn(b, "A");
            int inB = head(b, actor, "B").getLocation().getX() - firstColumn(b, "B");
            assertEquals(inA, inB, "actor " + actor + "'s column in A and in B");
        }
        ViewPages.assertNoConsoleErrors(b);
    }

    @Test
    void aTraceAgainstItselfMarksNothing() throws Exception {
        ChromeDriver b = ViewPages.open(
                left,
                "--against",
                left.toString(),
                "-o",
                Cli.WORK.resolve("view-against/self.html").toString());
        WebElement box = b.findElement(By.id("diff"));
        assertTrue(box.getText().startsWith("No difference: the "), box.getText());
        assertTrue(box.getAttribute("class").contains("same"));
        assertTrue(b.findElements(By.cssSelector(".event.differs, .ring, #differences li"))
                .isEmpty());
        assertTrue(b.findElements(By.cssSelector(".lane-head.absent")).isEmpty(), "every actor is in both runs");
        assertEquals(
                b.findElements(By.cssSelector(".lane-head.run-a")).size(),
                b.findElements(By.cssSelector(".lane-head.run-b")).size());
        ViewPages.assertNoConsoleErrors(b);
    }

    /**
     * Traces with more events than a page lists whole (here past --max-events 20): the differing
     * actors' events are listed, roots first, with every lane, and the first root is still marked
     * in both runs.
     */
    @Test
    void tracesTooLargeToListWholeListTheirDifferingActorsEvents() throws Exception {
        Map<?, ?> diff = (Map<?, ?>) Json.parse(
                Cli.tools("diff", "--json", left.toString(), right.toString()).out());
        Map<?, ?> firstRoot = (Map<?, ?>) ((List<?>) diff.get("differences")).getFirst();
        Path page = Cli.WORK.resolve("view-against/large.html");
        Cli.Result wrote = Cli.tools(
                "view", left.toString(), "--against", right.toString(), "--max-events", "20", "-o", page.toString());
        assertEquals(0, wrote.exit(), wrote::toString);
        assertTrue(wrote.err().contains("listed are the events of differing actors"), wrote::toString);
        ChromeDriver b = ViewPages.browser();
        b.get(page.toUri().toString());
        String warnings = b.findElement(By.id("warnings")).getText();
        assertTrue(
                warnings.contains("more than --max-events 20: listed are the events of differing actors, roots "
                        + "first, as many as fit (A: " + firstRoot.get("actor")),
                warnings);
        String details = b.findElement(By.id("details")).getText();
        assertTrue(
                details.contains("Difference\nThis actor's first difference between A and B, a root cause: "
                        + firstRoot.get("why")),
                details);
        assertInspected(b, (Map<?, ?>) firstRoot.get("inA"));
        b.findElement(By.cssSelector("#details .show-other")).click();
        assertInspected(b, (Map<?, ?>) firstRoot.get("inB"));
        assertTrue(
                b.findElements(By.cssSelector(".lane-head.run-a")).size() > 2,
                "every lane is drawn, not only listed ones");
        ViewPages.assertNoConsoleErrors(b);
    }

    @Test
    void badInputIsOneLine() throws Exception {
        Path missing = Cli.WORK.resolve("view-against/no-such-trace");
        Cli.assertOneLineError(
                Cli.tools("view", left.toString(), "--against", missing.toString()),
                ExitCodes.USAGE,
                missing.toString());
        Cli.assertOneLineError(
                Cli.tools("view", left.toString(), "--against", right.toString(), "--actor", "25"),
                ExitCodes.USAGE,
                "--actor cannot be used with --against");
        Cli.assertOneLineError(
                Cli.tools("view", left.toString(), "--against", right.toString(), "--max-events", "0"),
                ExitCodes.USAGE,
                "more than --max-events 0, and no differing actor's events fit in it");
    }

    /** The selected event's inspect line is the diff's line of it (which may add the other run's ids). */
    private static void assertInspected(ChromeDriver b, Map<?, ?> side) {
        String inspect = b.findElement(By.cssSelector("#details pre.inspect")).getText();
        String event = inspect.lines().toList().get(2).trim();
        assertTrue(((String) side.get("event")).startsWith(event), event + " vs " + side);
        assertTrue(
                inspect.lines().toList().get(1).trim().startsWith("subtrace " + side.get("subtrace") + " "), inspect);
    }

    private static int indexOfActor(List<?> differences, long actor) {
        for (int i = 0; i < differences.size(); i++) {
            if (Long.valueOf(actor).equals(((Map<?, ?>) differences.get(i)).get("actor"))) {
                return i;
            }
        }
        throw new AssertionError("actor " + actor + " does not differ: " + differences);
    }

    /** Where the first column of {@code run}'s half starts (its heads include those saying an actor is not in it). */
    private static int firstColumn(ChromeDriver b, String run) {
        return b.findElements(By.cssSelector(".lane-head.run-" + run.toLowerCase())).stream()
                .mapToInt(h -> h.getLocation().getX())
                .min()
                .orElseThrow();
    }

    /** The lane head of {@code actor} (its id) in {@code run}. */
    private static WebElement head(ChromeDriver b, String actor, String run) {
        return b.findElements(By.cssSelector(".lane-head.run-" + run.toLowerCase())).stream()
                .filter(h -> h.findElement(By.cssSelector(".name")).getText().equals("actor " + actor))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no head of actor " + actor + " in run " + run));
    }
}
