package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.TimersAndInputProgram;
import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.Json;
import dev.reprise.trace.TraceFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * {@code reprise view} as users meet it: the command on a recorded sample program (timers, outside
 * input with content, system calls, asks, stops), and its page opened in headless Chromium: lanes
 * and arrows as many as {@code stats} counts, a click that shows the event's inspect lines, the
 * filters, a summarised page, a damaged trace; and no error in the page's console.
 */
class ViewIT {
    static Path trace;
    static Map<?, ?> stats;

    @BeforeAll
    static void record() throws Exception {
        Cli.requireJars();
        trace = RecordedPrograms.folder("view").resolve("timers");
        RecordedPrograms.record(trace, List.of("-o", "fingerprints=true"), TimersAndInputProgram.class);
        stats = (Map<?, ?>) Json.parse(Cli.assertSuccess(Cli.tools("stats", "--json", trace.toString()))
                .out());
    }

    @AfterAll
    static void closeBrowser() {
        ViewPages.quit();
    }

    @Test
    void writesOneSelfContainedPageBesideTheTrace() throws Exception {
        Cli.Result r = Cli.assertSuccess(Cli.tools("view", trace.toString()));
        Path page = trace.resolve("view.html");
        assertTrue(r.out().startsWith("wrote " + page + " ("), r::toString);
        String html = Files.readString(page, StandardCharsets.UTF_8);
        for (String fetch : List.of("<script src", "<link", "<img", "@import", "url(", "fetch(", "XMLHttpRequest")) {
            assertFalse(html.contains(fetch), () -> "the page fetches something (" + fetch + ")");
        }
    }

    @Test
    void pageShowsOneLanePerActorAndSourceAndOneArrowPerMessage() throws Exception {
        ChromeDriver b =
                ViewPages.open(trace, "-o", Cli.WORK.resolve("view/timers.html").toString());
        long actors = count("actors"), sources = count("externalSources"), messages = count("messages");
        String summary = b.findElement(By.id("summary")).getText();
        assertTrue(
                summary.startsWith(actors + " actors · " + sources + " outside sources · " + messages + " messages"),
                summary);
        assertEquals(
                actors + sources,
                b.findElements(By.cssSelector(".lane-head.actor, .lane-head.source"))
                        .size());
        assertEquals(
                messages,
                b.findElements(By.cssSelector(".arrow.k-message, .arrow.k-promise, .arrow.k-timer, .arrow.k-input"))
                        .size());
        assertEquals(
                count("systemCalls"),
                b.findElements(By.cssSelector(".marker.k-system-call")).size());
        assertEquals(
                count("systemMessages"),
                b.findElements(By.cssSelector(".marker.k-system")).size());

        // Folding a lane's children into it hides their lanes and keeps every arrow, drawn from and to it.
        int lanes = b.findElements(By.cssSelector(".lane-head")).size();
        WebElement fold = b.findElements(By.cssSelector(".lane-head .toggle")).getFirst();
        fold.click();
        assertTrue(b.findElements(By.cssSelector(".lane-head")).size() < lanes, "folded lanes are hidden");
        assertEquals(
                messages,
                b.findElements(By.cssSelector(".arrow.k-message, .arrow.k-promise, .arrow.k-timer, .arrow.k-input"))
                        .size());
        b.findElements(By.cssSelector(".lane-head .toggle")).getFirst().click();
        assertEquals(lanes, b.findElements(By.cssSelector(".lane-head")).size(), "unfolded again");
        ViewPages.assertNoConsoleErrors(b);
    }

    @Test
    void clickOnAnEventShowsItsInspectLines() throws Exception {
        ChromeDriver b =
                ViewPages.open(trace, "-o", Cli.WORK.resolve("view/click.html").toString());
        // Outside input with recorded content (its data entry; the label is cut before the preview).
        b.findElements(By.cssSelector(".event")).stream()
                .filter(e -> !e.findElements(By.cssSelector(".arrow.k-input")).isEmpty()
                        && e.findElement(By.cssSelector(".label")).getText().contains(", data "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no outside input with content in the page"))
                .findElement(By.cssSelector(".arrow.k-input"))
                .click();
        String shown = b.findElement(By.cssSelector("#details pre.inspect")).getText();
        List<String> lines = shown.lines().toList();
        assertEquals(3, lines.size(), shown);
        assertTrue(
                lines.get(2).contains("external message from ") && lines.get(2).contains(" bytes: "), shown);
        String actor = lines.get(0).substring("actor ".length());
        String inspect = Cli.assertSuccess(Cli.tools("inspect", trace.toString(), "--actor", actor))
                .out();
        for (String line : lines) {
            assertTrue(inspect.lines().anyMatch(line::equals), () -> "'" + line + "' is not in inspect's\n" + inspect);
        }
        String details = b.findElement(By.id("details")).getText();
        assertTrue(details.contains("Kind\ninput"), details);
        String value = b.findElement(By.cssSelector("#details pre.value")).getText();
        assertTrue(
                value.matches("(?s)\\d+ bytes, copied by the agent, class java\\.lang\\.String, sender none\n"
                        + "text in it: \".+\"\n0000 .*"),
                value);
        assertTrue(details.contains("From\n"), details);
        assertTrue(b.findElement(By.cssSelector(".event.selected")).isDisplayed(), "the clicked event is highlighted");

        // Next and previous walk the actor's events in replay order. Every kind shown first: a turn's end,
        // hidden by default, is an event of its own when the turn's buffer was handed off before it ended.
        for (WebElement box : b.findElements(By.cssSelector(".kind-filter"))) {
            if (!box.isSelected()) {
                box.click();
            }
        }
        details = b.findElement(By.id("details")).getText();
        Matcher at = Pattern.compile("event (\\d+) of (\\d+) of ").matcher(details);
        assertTrue(at.find(), details);
        int position = Integer.parseInt(at.group(1));
        b.findElement(By.cssSelector("#details .step-next")).click();
        assertTrue(
                b.findElement(By.id("details")).getText().contains("event " + (position + 1) + " of " + at.group(2)),
                () -> b.findElement(By.id("details")).getText());
        b.findElement(By.cssSelector("#details .step-previous")).click();
        assertEquals(
                shown, b.findElement(By.cssSelector("#details pre.inspect")).getText(), "back where it was");
        ViewPages.assertNoConsoleErrors(b);
    }

    @Test
    void filtersByKindActorAndMessageClass() throws Exception {
        ChromeDriver b = ViewPages.open(
                trace, "-o", Cli.WORK.resolve("view/filters.html").toString());
        for (WebElement box : b.findElements(By.cssSelector(".kind-filter"))) {
            if (box.isSelected() != box.getAttribute("value").equals("system call")) {
                box.click();
            }
        }
        assertEquals(
                count("systemCalls"), b.findElements(By.cssSelector(".event")).size());
        assertEquals(count("systemCalls"), ViewPages.shown(b));

        // Actor 25 of the program (the timers' owner) made most of the calls: its id from a click.
        b.findElements(By.cssSelector(".marker.k-system-call")).getLast().click();
        String actor = b.findElement(By.cssSelector("#details pre.inspect"))
                .getText()
                .lines()
                .findFirst()
                .orElseThrow()
                .substring("actor ".length());
        String value = b.findElement(By.cssSelector("#details pre.value")).getText();
        assertTrue(value.matches("(?s)\\d+ bytes\n.*0000 .*"), value);
        b.findElement(By.id("actor-filter")).sendKeys(actor);
        long calls = Cli.assertSuccess(Cli.tools("inspect", trace.toString(), "--actor", actor))
                .out()
                .lines()
                .filter(l -> l.trim().startsWith("system call"))
                .count();
        assertTrue(calls > 0);
        assertEquals(calls, ViewPages.shown(b));
        assertEquals(calls, b.findElements(By.cssSelector(".event")).size());

        b.findElement(By.id("clear-filters")).click();
        long all = ViewPages.shown(b);

        // The program's outside thread sends "hello-1" to "hello-3": found in the recorded values.
        b.findElement(By.id("text-filter")).sendKeys("HELLO-");
        assertEquals(3, ViewPages.shown(b));
        assertEquals(3, b.findElements(By.cssSelector(".arrow.k-input")).size());
        b.findElement(By.id("clear-filters")).click();
        assertEquals(all, ViewPages.shown(b));
        String label = b.findElements(By.cssSelector(".event .label")).stream()
                .map(WebElement::getText)
                .filter(t -> t.matches(".* #\\d+$"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no event shows a message class (recorded with fingerprints)"));
        String code = label.substring(label.lastIndexOf('#') + 1);
        WebElement option = b.findElement(By.cssSelector("#class-filter option[value='" + code + "']"));
        Matcher said =
                Pattern.compile("class code " + code + " \\((\\d+) events?\\)").matcher(option.getText());
        assertTrue(said.matches(), option.getText());
        option.click();
        List<WebElement> labels = b.findElements(By.cssSelector(".event .label"));
        assertTrue(!labels.isEmpty() && labels.size() < all, "class " + code + ": " + labels.size() + " of " + all);
        assertEquals(Integer.parseInt(said.group(1)), labels.size(), "as many as the list said");
        for (WebElement l : labels) {
            assertTrue(l.getText().endsWith(" #" + code), l.getText());
        }
        ViewPages.assertNoConsoleErrors(b);
    }

    @Test
    void aLargeTraceIsSummarisedPerLanePairAndSaysSo() throws Exception {
        Path page = Cli.WORK.resolve("view/summary.html");
        Cli.Result r =
                Cli.assertSuccess(Cli.tools("view", trace.toString(), "-o", page.toString(), "--max-events", "10"));
        assertTrue(r.out().contains("summarised (more than 10 events to list)"), r::toString);
        ChromeDriver b = ViewPages.browser();
        b.get(page.toUri().toString());
        assertTrue(b.findElement(By.id("note")).getText().contains("more than the 10 a page lists"));
        long sum = 0;
        for (WebElement label : b.findElements(By.cssSelector(".event .label"))) {
            Matcher m = Pattern.compile("×([\\d,]+) in slice \\d+/\\d+").matcher(label.getText());
            assertTrue(m.matches(), label.getText());
            sum += Long.parseLong(m.group(1).replace(",", ""));
        }
        assertEquals(count("messages"), sum, "the summary arrows count every message once");
        ViewPages.assertNoConsoleErrors(b);
    }

    @Test
    void actorListsOneActorsEventsWithEveryLane() throws Exception {
        String actor = "25"; // the program's actor with timers, input and system calls (ids are deterministic)
        List<String> inspect = Cli.assertSuccess(Cli.tools("inspect", trace.toString(), "--actor", actor))
                .out()
                .lines()
                .filter(l -> l.startsWith("    "))
                .toList();
        assertTrue(inspect.size() > 5, () -> "actor " + actor + ": " + inspect);
        ChromeDriver b = ViewPages.open(
                trace,
                "--actor",
                actor,
                "-o",
                Cli.WORK.resolve("view/actor.html").toString());
        b.findElement(By.id("clear-filters")).click(); // every kind, the ends of turns too
        assertEquals(inspect.size(), ViewPages.shown(b));
        assertEquals(inspect.size(), b.findElements(By.cssSelector(".event")).size());
        assertEquals(
                count("actors") + count("externalSources"),
                b.findElements(By.cssSelector(".lane-head.actor, .lane-head.source"))
                        .size());
        assertTrue(b.findElement(By.id("note")).getText().startsWith("Listed: the events of actor 25"));
        ViewPages.assertNoConsoleErrors(b);
    }

    @Test
    void aLargeTraceOpensInSecondsListedOrSummarised() throws Exception {
        Path large = RecordedPrograms.folder("view-large").resolve("pingpong");
        SampleTraces.pingPong(large, 60_000); // 120,000 messages, more than a page lists by default
        Map<?, ?> largeStats = (Map<?, ?>) Json.parse(Cli.assertSuccess(Cli.tools("stats", "--json", large.toString()))
                .out());
        long messages = ((Number) largeStats.get("messages")).longValue();

        ChromeDriver b = ViewPages.open(
                large, "-o", Cli.WORK.resolve("view/large-summary.html").toString());
        assertLoadedWithin(b, Cli.WORK.resolve("view/large-summary.html"), 5_000);
        long sum = 0;
        for (WebElement label : b.findElements(By.cssSelector(".event .label"))) {
            sum += Long.parseLong(
                    label.getText().replaceAll("×([\\d,]+) in .*", "$1").replace(",", ""));
        }
        assertEquals(messages, sum);

        Path listed = Cli.WORK.resolve("view/large-listed.html");
        b = ViewPages.open(large, "-o", listed.toString(), "--max-events", "200000");
        assertLoadedWithin(b, listed, 5_000);
        assertEquals(
                messages + 2, ViewPages.shown(b), "every event listed: the messages, a creation and a system call");
        assertTrue(b.findElements(By.cssSelector(".event")).size() < 2_000, "only the rows near the view are drawn");
        b.executeScript("const d = document.getElementById('diagram'); d.scrollTop = d.scrollHeight;");
        b.executeScript("document.getElementById('diagram').dispatchEvent(new Event('scroll'))");
        List<WebElement> labels = b.findElements(By.cssSelector(".event .label"));
        assertTrue(
                labels.getLast().getText().startsWith("system call, data 2"),
                labels.getLast().getText());
        ViewPages.assertNoConsoleErrors(b);
    }

    /** The page is at most 20 MB and its script had drawn it within {@code millis} of the start of its load. */
    private static void assertLoadedWithin(ChromeDriver b, Path page, long millis) throws Exception {
        assertTrue(Files.size(page) < 20_000_000, page + ": " + Files.size(page) + " bytes");
        double loaded = ((Number) b.executeScript("return performance.now()")).doubleValue();
        assertTrue(loaded < millis, page + " took " + loaded + " ms");
    }

    @Test
    void aDamagedTraceIsShownAsFarAsReadableWithAWarning() throws Exception {
        Path damaged = RecordedPrograms.folder("view-damaged");
        for (String file : List.of(TraceFiles.EVENTS, TraceFiles.DATA, TraceFiles.METADATA)) {
            Files.copy(trace.resolve(file), damaged.resolve(file));
        }
        byte[] events = Files.readAllBytes(damaged.resolve(TraceFiles.EVENTS));
        Files.write(damaged.resolve(TraceFiles.EVENTS), java.util.Arrays.copyOf(events, events.length - 20));
        Cli.Result r = Cli.tools("view", damaged.toString());
        assertEquals(0, r.exit(), r::toString);
        Cli.assertNoStackTrace(r);
        assertTrue(r.err().startsWith("warning: " + damaged.resolve(TraceFiles.EVENTS)), r::toString);
        ChromeDriver b = ViewPages.browser();
        b.get(damaged.resolve("view.html").toUri().toString());
        String warnings = b.findElement(By.id("warnings")).getText();
        assertTrue(warnings.contains(damaged.resolve(TraceFiles.EVENTS).toString()), warnings);
        assertFalse(b.findElements(By.cssSelector(".event")).isEmpty(), "the readable part is shown");
        ViewPages.assertNoConsoleErrors(b);
    }

    @Test
    void badInputGetsOneLineNamingIt() throws Exception {
        Path missing = Cli.WORK.resolve("view/no-such-trace");
        Cli.assertOneLineError(Cli.tools("view", missing.toString()), ExitCodes.USAGE, missing.toString());
        Path notTrace = RecordedPrograms.folder("view-not-a-trace");
        Files.writeString(notTrace.resolve(TraceFiles.EVENTS), "not a trace");
        Cli.assertOneLineError(
                Cli.tools("view", notTrace.toString()),
                ExitCodes.TRACE_PROBLEM,
                notTrace.resolve(TraceFiles.EVENTS).toString());
        Cli.assertOneLineError(
                Cli.tools(
                        "view",
                        trace.toString(),
                        "-o",
                        missing.resolve("page.html").toString()),
                ExitCodes.USAGE,
                missing.toString());
    }

    private static long count(String key) {
        return ((Number) stats.get(key)).longValue();
    }
}
