package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.ChosenWorkerProgram;
import dev.reprise.programs.RacyProgram;
import dev.reprise.trace.Json;
import dev.reprise.trace.TraceFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code reprise diff} on real recordings, run as users run it: two racy runs differ and the
 * first root cause is where {@code inspect} of both traces shows it; a chain of differences caused
 * by one input is ordered root first; a trace against its copy is the same; bad input gives exit
 * 2 and a clear line.
 */
class DiffIT {
    static Path racyA;
    static Path racyB;
    static Path left;
    static Path right;

    @BeforeAll
    static void record() throws Exception {
        RecordedTrace.get(); // the shared recording clears the tests' folder the first time: before ours
        Path dir = RecordedPrograms.folder("diff");
        racyA = dir.resolve("racy-a");
        racyB = dir.resolve("racy-b");
        left = dir.resolve("left");
        right = dir.resolve("right");
        RecordedPrograms.record(racyA, RacyProgram.class);
        RecordedPrograms.record(racyB, RacyProgram.class);
        RecordedPrograms.record(left, ChosenWorkerProgram.class, "left");
        RecordedPrograms.record(right, ChosenWorkerProgram.class, "right");
    }

    static Cli.Result diff(String... args) {
        return Cli.script(
                Cli.PACKAGED,
                Stream.concat(Stream.of("diff"), Arrays.stream(args)).toArray(String[]::new));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> json(Path a, Path b) throws Exception {
        Cli.Result r = diff("--json", a.toString(), b.toString());
        assertEquals(1, r.exit(), r::toString);
        return (Map<String, Object>) Json.parse(r.out());
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> differences(Map<String, Object> report) {
        return (List<Map<String, Object>>) report.get("differences");
    }

    /** The events of {@code actor} that {@code reprise inspect} prints, without its subtrace lines. */
    static List<String> inspected(Path trace, long actor, int limit) {
        Cli.Result r = Cli.script(
                Cli.PACKAGED, "inspect", trace.toString(), "--actor", Long.toString(actor), "--limit", "" + limit);
        assertEquals(0, r.exit(), r::toString);
        return r.out()
                .lines()
                .filter(l -> l.startsWith("    "))
                .map(String::trim)
                .toList();
    }

    /**
     * {@code shown}, the diff's line for event {@code event} (from 1) of {@code actor} in {@code
     * trace}, is inspect's line for it (with the diff's notes on ids after it), or says that the
     * actor's events end before it.
     */
    static void assertShownAsInspectShowsIt(String shown, Path trace, long actor, int event, Cli.Result r) {
        if (shown.equals("(no such actor)")) {
            return; // the actor's id in this run is another actor's
        }
        List<String> lines = inspected(trace, actor, event);
        if (shown.equals("(no more events)")) {
            assertEquals(event - 1, lines.size(), () -> lines + "\n" + r);
        } else {
            assertEquals(event, lines.size(), () -> lines + "\n" + r);
            assertTrue(shown.startsWith(lines.get(event - 1)), () -> lines + "\n" + r);
        }
    }

    @Test
    void twoRacyRunsDifferAndTheFirstRootIsWhereInspectShowsIt() throws Exception {
        Cli.Result r = diff(racyA.toString(), racyB.toString());
        assertEquals(1, r.exit(), r::toString);
        assertEquals("", r.err(), r::toString);
        Cli.assertNoStackTrace(r);
        Matcher first = Pattern.compile(
                        "Root causes, first cause first:\n1\\. actor (\\d+)(?: \\((\\d+) in B\\))?[^\n]*\n"
                                + "   [^\n]*event (\\d+) differs: [^\n]+\n"
                                + "     A: ([^\n]*?)(?:   \\[subtrace[^\n]*)?\n"
                                + "     B: ([^\n]*?)(?:   \\[subtrace[^\n]*)?\n")
                .matcher(r.out());
        assertTrue(first.find(), r::toString);
        long actor = Long.parseLong(first.group(1));
        long actorInB = first.group(2) == null ? actor : Long.parseLong(first.group(2));
        int event = Integer.parseInt(first.group(3));
        String shownA = first.group(4);
        String shownB = first.group(5);
        assertShownAsInspectShowsIt(shownA, racyA, actor, event, r);
        assertShownAsInspectShowsIt(shownB, racyB, actorInB, event, r);
        // Either the two events differ as inspect prints them, or one line names two actors (ids given to others).
        assertTrue(!shownA.equals(shownB) || shownA.contains(" in B)") || shownB.contains(" in A)"), r::toString);

        Map<String, Object> report = json(racyA, racyB);
        Map<String, Object> root = differences(report).get(0);
        assertEquals(actor, root.get("actor") != null ? root.get("actor") : root.get("actorInB"));
        assertEquals((long) (event - 1), root.get("agreeingEvents"));
        assertEquals(true, root.get("root"));
        assertEquals(List.of(), root.get("followsFrom"));
        // The collector's order (and its clock reading) differs in every pair of runs, and no
        // other actor's difference can have caused it: its senders, the workers, are the same.
        assertTrue(
                differences(report).stream()
                        .anyMatch(d -> d.get("origin")
                                        .equals("created by actor 281474976710656 \"thread:main\" as its 1st actor")
                                && d.get("root").equals(true)),
                report::toString);
    }

    @Test
    void differencesThatFollowFromAnotherComeAfterItAndSaySo() throws Exception {
        Cli.Result r = diff(left.toString(), right.toString(), "--limit", "100");
        assertEquals(1, r.exit(), r::toString);
        // The chooser is a root (Akka's own start-up and shutdown races may add other roots).
        String chooserLine = ". actor 28, created by actor 281474976710656 \"thread:main\" as its 4th actor\n"
                + "   no event agrees; event 1 differs: other content\n";
        int rootsAt = r.out().indexOf("Root causes, first cause first:");
        int followersAt = r.out().indexOf("Following from them:");
        int chooserAt = r.out().indexOf(chooserLine);
        assertTrue(rootsAt >= 0 && rootsAt < chooserAt && chooserAt < followersAt, r::toString);
        // Each worker's runner has id 29 in its run: the scoreboard's senders have one id but are two actors.
        int scoreboardAt = r.out().indexOf("     A: message from 29 (29 is not in B)   [subtrace ");
        assertTrue(scoreboardAt > followersAt, r::toString);
        assertTrue(
                r.out().indexOf("     B: message from 29 (29 is not in A)   [subtrace ") > scoreboardAt, r::toString);
        assertTrue(r.out().contains("   follows from actor 28 (it sent the differing message)"), r::toString);

        Map<String, Object> report = json(left, right);
        List<Map<String, Object>> ds = differences(report);
        Map<String, Object> chooser = ds.stream()
                .filter(d -> Long.valueOf(28).equals(d.get("actor")))
                .findFirst()
                .orElseThrow();
        assertEquals(true, chooser.get("root"));
        assertEquals(0L, chooser.get("agreeingEvents"));
        assertEquals("other content", chooser.get("why"));
        Map<String, Object> scoreboard = ds.stream()
                .filter(d -> Long.valueOf(25).equals(d.get("actor")))
                .findFirst()
                .orElseThrow();
        assertEquals(false, scoreboard.get("root"), report::toString);
        assertEquals(3L, scoreboard.get("depth"), "chooser, worker, runner, scoreboard: " + report);
        assertTrue(ds.indexOf(scoreboard) > ds.indexOf(chooser));
        for (long worker : List.of(26L, 27L)) {
            Map<String, Object> w = ds.stream()
                    .filter(d -> Long.valueOf(worker).equals(d.get("actor")))
                    .findFirst()
                    .orElseThrow();
            assertEquals(List.of(Map.of("actor", 28L, "why", "it sent the differing message")), w.get("followsFrom"));
        }
    }

    @Test
    void aTraceAndItsCopyRecordTheSameOrders() throws Exception {
        Path copy = copy(left, "left-copy");
        Cli.Result r = diff(left.toString(), copy.toString());
        Cli.assertSuccess(r);
        assertTrue(r.out().contains("no difference: the "), r::toString);
        assertTrue(r.out().contains(" actors' recorded orders agree."), r::toString);

        Cli.Result json = diff("--json", left.toString(), left.toString());
        Cli.assertSuccess(json);
        assertEquals(true, ((Map<?, ?>) Json.parse(json.out())).get("same"));
    }

    @Test
    void theJsonReportHasTheDocumentedKeys() throws Exception {
        Map<String, Object> report = json(left, right);
        for (String key : List.of(
                "same",
                "a",
                "b",
                "compared",
                "differ",
                "roots",
                "notCompared",
                "differences",
                "renamedIds",
                "firstRenaming",
                "cut",
                "damage",
                "cleanEnd")) {
            assertTrue(report.containsKey(key), () -> key + " missing: " + report);
        }
        assertEquals(false, report.get("same"));
        assertEquals(left.toString(), report.get("a"));
        assertEquals((long) differences(report).size(), report.get("differ"));
        for (Map<String, Object> d : differences(report)) {
            for (String key : List.of(
                    "actor",
                    "actorInB",
                    "origin",
                    "root",
                    "depth",
                    "followsFrom",
                    "cycleWith",
                    "agreeingEvents",
                    "why",
                    "inA",
                    "inB",
                    "rest")) {
                assertTrue(d.containsKey(key), () -> key + " missing: " + d);
            }
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> inA =
                (Map<String, Object>) differences(report).get(0).get("inA");
        assertEquals(List.of("event", "subtrace", "chunk"), List.copyOf(inA.keySet()));
    }

    @Test
    void badInputIsOneClearLineWithExit2() throws Exception {
        Path missing = Cli.WORK.resolve("diff/no-such-trace");
        Cli.assertOneLineError(
                diff(missing.toString(), left.toString()),
                2,
                "reprise diff: ",
                missing.toString(),
                "no such trace directory");
        Path empty = Files.createDirectories(Cli.WORK.resolve("diff/empty"));
        Cli.assertOneLineError(diff(left.toString(), empty.toString()), 2, empty.toString(), "not a trace directory");
        Cli.assertOneLineError(diff(left.toString()), 2, "reprise diff: ", "Missing required parameter: 'B'");

        Path header = copy(left, "bad-header");
        byte[] bytes = Files.readAllBytes(TraceFiles.events(header));
        bytes[0] ^= 0x55;
        Files.write(TraceFiles.events(header), bytes);
        Cli.assertOneLineError(
                diff(header.toString(), left.toString()),
                2,
                TraceFiles.events(header).toString());
    }

    @Test
    void aDamagedTraceIsComparedAsFarAsItIsReadableWithAWarningAndExit2() throws Exception {
        Path cut = copy(left, "cut");
        Path events = TraceFiles.events(cut);
        byte[] bytes = Files.readAllBytes(events);
        Files.write(events, Arrays.copyOf(bytes, bytes.length * 2 / 3));

        Cli.Result r = diff(cut.toString(), left.toString());
        assertEquals(2, r.exit(), r::toString);
        Cli.assertNoStackTrace(r);
        assertTrue(r.out().contains("no difference: the "), r::toString);
        assertTrue(r.out().contains("as far as both traces are readable"), r::toString);
        assertTrue(
                r.out().contains("not compared to the end (run A's events end there: the trace is damaged): "),
                r::toString);
        assertEquals(1, r.errLines().size(), r::toString);
        assertTrue(
                r.err()
                        .startsWith("warning: a trace is damaged, compared as far as it is readable: A: " + events
                                + ": chunk "),
                r::toString);

        Cli.Result against = diff(cut.toString(), right.toString());
        assertEquals(2, against.exit(), against::toString);
        // Actor 28's message is what the two programs do differently; the two recordings may also differ
        // where the program races (the order of its actors' stops), listed as other root causes.
        String causes = against.out().split("Following from them:", 2)[0];
        assertTrue(
                causes.contains("Root causes") && causes.matches("(?s).*\\n\\d+\\. actor 28, .*"),
                "the damage does not hide the difference before it: " + against);
        assertFalse(against.out().contains("Exception"), against::toString);
    }

    static Path copy(Path trace, String name) throws Exception {
        Path copy = Cli.WORK.resolve("diff").resolve(name);
        Cli.deleteTree(copy);
        Files.createDirectories(copy);
        try (Stream<Path> files = Files.list(trace)) {
            for (Path f : files.toList()) {
                Files.copy(f, copy.resolve(f.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
        return copy;
    }
}
