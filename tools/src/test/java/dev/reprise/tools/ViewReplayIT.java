package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.stuck.HeldStringsProgram;
import dev.reprise.samples.ChangedProgram;
import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.Json;
import dev.reprise.trace.TraceFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * A replay's report as JSON and in the page: a recording with fingerprints replayed with a changed
 * program ({@link ChangedProgram} {@code renamed}: the hub gets a message of another class) writes
 * {@code replay-report.json} beside the trace with the documented keys, naming the hub's event
 * that {@code inspect} shows; {@code reprise view} marks that event in the hub's lane and opens
 * there with the report's text; a stuck replay ({@link HeldStringsProgram}) marks what each
 * waiting actor expected; a replay that matched marks nothing.
 */
class ViewReplayIT {
    private static final Pattern EVENT_NUMBER = Pattern.compile("^its event (\\d+) \\(");

    static Path changed;
    static Cli.Result diverged;

    @BeforeAll
    static void recordAndReplay() throws Exception {
        Cli.requireJars();
        changed = RecordedPrograms.folder("view-replay").resolve("changed");
        RecordedPrograms.record(changed, List.of("-o", "fingerprints=true"), ChangedProgram.class, "original");
        diverged = RecordedPrograms.replay(
                changed, List.of("--quiet", "60s", "--allow-changed-program"), ChangedProgram.class, "renamed");
        assertEquals(ExitCodes.DIVERGED, diverged.exit(), diverged::toString);
    }

    @AfterAll
    static void closeBrowser() {
        ViewPages.quit();
    }

    @Test
    void aDivergedReplayWritesItsReportAsJsonNamingTheEventInspectShows() throws Exception {
        Map<?, ?> report = report(changed);
        for (String key : List.of(
                "version", "trace", "end", "exitCode", "firstDifference", "waiting", "moreWaiting", "damage", "text")) {
            assertTrue(report.containsKey(key), () -> key + " missing: " + report);
        }
        assertEquals("diverged", report.get("end"));
        assertEquals(86L, report.get("exitCode"));
        assertEquals(changed.toAbsolutePath().normalize().toString(), report.get("trace"));
        assertEquals(String.join("\n", RecordedPrograms.report(diverged)), report.get("text"), "the text printed");
        Map<?, ?> first = (Map<?, ?>) report.get("firstDifference");
        for (String key : List.of("actor", "name", "event", "subtrace", "chunk", "expected", "did", "cause", "held")) {
            assertTrue(first.containsKey(key), () -> key + " missing: " + first);
        }
        assertTrue(((String) first.get("name")).startsWith("/user/hub ("), first::toString);
        String did = (String) first.get("did");
        assertTrue(did.contains("is a message of another class than when recorded"), did);
        Matcher n = EVENT_NUMBER.matcher(did);
        assertTrue(n.find(), did);
        long event = (Long) first.get("event");
        assertEquals(Long.parseLong(n.group(1)) - 1, event, "the event the report's words name, from 0");
        assertTrue(did.contains("(" + first.get("expected") + ")"), first::toString);

        // inspect shows that event in the subtrace the report names.
        List<String> inspect = Cli.assertSuccess(
                        Cli.tools("inspect", changed.toString(), "--actor", "" + first.get("actor")))
                .out()
                .lines()
                .toList();
        long subtrace = -1;
        int seen = 0;
        String line = null;
        for (String l : inspect) {
            if (l.startsWith("  subtrace ")) {
                subtrace = Long.parseLong(l.substring("  subtrace ".length()).split(" ")[0]);
            } else if (l.startsWith("    ") && seen++ == event) {
                line = l.trim();
                break;
            }
        }
        assertNotNull(line, () -> "no event " + event + " in " + inspect);
        assertTrue(line.startsWith("message from "), line);
        assertEquals(subtrace, first.get("subtrace"), line);
    }

    @Test
    void thePageMarksTheFirstDifferenceAndOpensThereWithTheReportsText() throws Exception {
        Map<?, ?> report = report(changed);
        Map<?, ?> first = (Map<?, ?>) report.get("firstDifference");
        ChromeDriver b = ViewPages.open(
                changed, "-o", Cli.WORK.resolve("view-replay/changed.html").toString());
        String banner = b.findElement(By.id("replay")).getText();
        assertTrue(
                banner.contains(": diverged, exit code 86. First difference: " + first.get("name") + " (actor "
                        + first.get("actor") + "), its event " + ((Long) first.get("event") + 1)),
                banner);
        List<WebElement> marked = b.findElements(By.cssSelector(".event.first-difference"));
        assertEquals(1, marked.size(), "one event marked");
        assertEquals(
                1,
                b.findElements(By.cssSelector(".event.first-difference .ring")).size());
        // The page opens with it selected: its details say where it is and what the replay did there.
        assertTrue(marked.getFirst().getAttribute("class").contains("selected"));
        String details = b.findElement(By.id("details")).getText();
        assertTrue(
                details.contains(
                        "Replay\nHere the replay first differed (diverged): " + first.get("name") + " its event"),
                details);
        assertTrue(details.contains("Replay order\nevent " + ((Long) first.get("event") + 1) + " of "), details);
        assertTrue(
                details.contains("Actor\nactor " + first.get("actor") + " (id " + first.get("actor") + ")"), details);
        assertEquals(report.get("text"), b.findElement(By.id("replay-text")).getText());
        assertEquals(
                List.of(first.get("actor").toString()),
                b.findElements(By.cssSelector(".lane-head.first-difference")).stream()
                        .map(h -> h.getAttribute("data-lane"))
                        .map(lane -> (String) b.executeScript("return lanes[" + lane + "].id"))
                        .toList());
        ViewPages.assertNoConsoleErrors(b);
    }

    @Test
    void aReportNamedByItsOptionIsMarkedAndBadOnesAreOneLine() throws Exception {
        Path elsewhere = Cli.WORK.resolve("view-replay/elsewhere.json");
        Files.copy(TraceFiles.replayReport(changed), elsewhere, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Path copy = RecordedPrograms.folder("view-replay-copy");
        for (String file : List.of(TraceFiles.EVENTS, TraceFiles.DATA, TraceFiles.METADATA)) {
            Files.copy(changed.resolve(file), copy.resolve(file));
        }
        Cli.Result plain = Cli.assertSuccess(Cli.tools("view", copy.toString()));
        assertEquals("", plain.err(), "no report beside the copy: " + plain);
        Cli.Result named = Cli.tools("view", copy.toString(), "--replay-report", elsewhere.toString());
        assertEquals(0, named.exit(), named::toString);
        assertTrue(
                named.err().startsWith("warning: " + elsewhere + ": the replay report is of the trace in "),
                named::toString);
        ChromeDriver b = ViewPages.browser();
        b.get(copy.resolve("view.html").toUri().toString());
        assertEquals(
                1, b.findElements(By.cssSelector(".event.first-difference")).size());
        ViewPages.assertNoConsoleErrors(b);

        Path missing = Cli.WORK.resolve("view-replay/no-such.json");
        Cli.assertOneLineError(
                Cli.tools("view", copy.toString(), "--replay-report", missing.toString()),
                ExitCodes.USAGE,
                "--replay-report " + missing);
        Path notReport = Cli.WORK.resolve("view-replay/not-a-report.json");
        Files.writeString(notReport, "{\"hello\": 1}");
        Cli.assertOneLineError(
                Cli.tools("view", copy.toString(), "--replay-report", notReport.toString()),
                ExitCodes.USAGE,
                notReport + ": not a replay report");
    }

    @Test
    void aStuckReplayMarksWhatEachWaitingActorExpected() throws Exception {
        Path trace = RecordedPrograms.folder("view-replay-stuck").resolve("trace");
        RecordedPrograms.record(trace, HeldStringsProgram.class, "greet");
        Cli.Result stuck = RecordedPrograms.replay(
                trace, List.of("--quiet", "2s", "--allow-changed-program"), HeldStringsProgram.class, "skip");
        assertEquals(ExitCodes.DIVERGED, stuck.exit(), stuck::toString);
        Map<?, ?> report = report(trace);
        List<?> waiting = (List<?>) report.get("waiting");
        assertTrue(waiting.size() >= 8, report::toString);

        ChromeDriver b = ViewPages.open(trace);
        assertTrue(b.findElement(By.id("replay")).getText().contains(waiting.size() + " other actors left waiting"));
        List<String> checked = new ArrayList<>();
        for (Object o : waiting.subList(0, 3)) {
            Map<?, ?> w = (Map<?, ?>) o;
            WebElement filter = b.findElement(By.id("actor-filter"));
            filter.clear();
            filter.sendKeys(w.get("actor").toString());
            // An id filter also shows actors whose names hold it (actor 125 for 25): the mark of this actor's lane.
            String details = null;
            for (WebElement marked : b.findElements(By.cssSelector(".event.waiting .marker"))) {
                marked.click();
                String shown = b.findElement(By.id("details")).getText();
                if (shown.contains("Actor\nactor " + w.get("actor") + " (id ")) {
                    details = shown;
                }
            }
            assertNotNull(details, () -> "actor " + w + ": no event of it marked");
            assertTrue(
                    details.contains("The replay stopped with " + w.get("name") + " waiting for this event"), details);
            assertTrue(details.contains("Replay order\nevent " + ((Long) w.get("event") + 1) + " of "), details);
            checked.add(w.get("name").toString());
        }
        assertEquals(3, checked.size());
        ViewPages.assertNoConsoleErrors(b);
    }

    @Test
    void aReplayThatMatchedMarksNothing() throws Exception {
        Path trace = RecordedPrograms.folder("view-replay-matched").resolve("trace");
        RecordedPrograms.record(trace, List.of("-o", "fingerprints=true"), ChangedProgram.class, "original");
        Cli.Result replayed = RecordedPrograms.replay(trace, List.of(), ChangedProgram.class, "original");
        assertEquals(0, replayed.exit(), replayed::toString);
        Map<?, ?> report = report(trace);
        assertEquals("matched", report.get("end"));
        assertEquals(0L, report.get("exitCode"));
        assertEquals(null, report.get("firstDifference"));
        ChromeDriver b = ViewPages.open(trace);
        WebElement banner = b.findElement(By.id("replay"));
        assertTrue(banner.getText().contains(": matched, exit code 0."), banner.getText());
        assertTrue(banner.getAttribute("class").contains("matched"));
        assertTrue(b.findElements(By.cssSelector(".event.first-difference, .event.waiting, .ring"))
                .isEmpty());
        ViewPages.assertNoConsoleErrors(b);
    }

    private static Map<?, ?> report(Path trace) throws Exception {
        Path file = TraceFiles.replayReport(trace);
        assertTrue(Files.exists(file), () -> file + " was not written");
        return (Map<?, ?>) Json.parse(Files.readString(file));
    }
}
