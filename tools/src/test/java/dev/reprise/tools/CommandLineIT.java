package dev.reprise.tools;

import static dev.reprise.tools.Cli.assertSuccess;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.HelloProgram;
import dev.reprise.programs.TallyProgram;
import dev.reprise.trace.Json;
import dev.reprise.trace.TraceFiles;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every trace command on a real recording, each in its own process as users run it: record,
 * replay (also through the JVM options that --print-jvm-args gives an IDE), inspect, verify and
 * stats, checked by exit code and by what they print.
 */
class CommandLineIT {
    static RecordedTrace trace;

    @BeforeAll
    static void record() throws Exception {
        trace = RecordedTrace.get();
    }

    @Test
    void recordRunsTheProgramUnderTheAgentAndWritesATrace() {
        Cli.Result r = trace.record;
        assertEquals(0, r.exit(), r::toString);
        assertTrue(
                trace.tallyLine.matches("tally [0-9a-f]+ of " + TallyProgram.TOTAL + " messages, first .+, clock \\d+"),
                r::toString);
        Cli.assertNoStackTrace(r);
        assertTrue(Files.isRegularFile(TraceFiles.metadata(trace.dir)), "trace.json");
    }

    @Test
    void recordPassesOnTheProgramsExitCode() throws Exception {
        Cli.Result r = Cli.tools(
                "record",
                "--trace",
                RecordedPrograms.folder("hello").resolve("trace").toString(),
                "--",
                "-cp",
                RecordedTrace.CLASS_PATH,
                HelloProgram.class.getName(),
                "a",
                "b");
        assertEquals(3, r.exit(), r::toString);
        assertEquals("hello a b\n", r.out(), r::toString);
    }

    @Test
    void replayPrintsTheRecordedRunsResultAndASummary() {
        Cli.Result r = Cli.tools(
                "replay",
                "--trace",
                trace.dir.toString(),
                "--",
                "-cp",
                RecordedTrace.CLASS_PATH,
                RecordedTrace.PROGRAM);
        assertEquals(0, r.exit(), r::toString);
        assertEquals(trace.tallyLine, RecordedTrace.tallyLine(r), "the replay saw the recorded order and clock");
        List<String> summary = r.errLines().stream()
                .filter(l -> l.startsWith("[reprise] replay of " + trace.dir))
                .toList();
        assertEquals(1, summary.size(), r::toString);
        assertFalse(r.err().contains("diverge"), r::toString);
    }

    @Test
    void printJvmArgsGivesWhatAnIdeRunConfigurationNeeds() {
        Cli.Result r = assertSuccess(Cli.tools("replay", "--print-jvm-args", "--trace", trace.dir.toString()));
        List<String> lines = r.out().lines().toList();
        assertEquals(1, lines.size(), r::toString);
        assertTrue(
                lines.get(0).contains("-javaagent:" + Cli.AGENT_JAR + "=replay,trace=" + trace.dir.toAbsolutePath()),
                r::toString);

        // Pasted into a run configuration: the same program replays the recorded run.
        List<String> ide = new ArrayList<>(List.of(Cli.JAVA));
        ide.addAll(List.of(lines.get(0).split(" ")));
        ide.addAll(List.of("-cp", RecordedTrace.CLASS_PATH, RecordedTrace.PROGRAM));
        Cli.Result run = Cli.run(ide, Map.of());
        assertEquals(0, run.exit(), run::toString);
        assertEquals(trace.tallyLine, RecordedTrace.tallyLine(run));

        Cli.Result live =
                assertSuccess(Cli.tools("replay", "--live", "--print-jvm-args", "--trace", trace.dir.toString()));
        assertTrue(
                live.out().strip().endsWith("=replay,trace=" + trace.dir.toAbsolutePath() + ",end=live"),
                live::toString);
        Cli.Result fromTrace = assertSuccess(
                Cli.tools("replay", "--input-from-trace", "--print-jvm-args", "--trace", trace.dir.toString()));
        assertTrue(fromTrace.out().strip().endsWith(",input=trace"), fromTrace::toString);
    }

    @Test
    void verifyCallsTheRecordingSound() {
        Cli.Result r = assertSuccess(Cli.tools("verify", trace.dir.toString()));
        assertTrue(r.out().startsWith("OK: " + trace.dir + " is sound"), r::toString);
        assertTrue(r.out().contains("clean end"), r::toString);
    }

    @Test
    void statsJsonIsOneJsonObjectInEitherOptionOrder() throws Exception {
        Map<String, Object> after = statsJson("stats", trace.dir.toString(), "--json");
        Map<String, Object> before = statsJson("stats", "--json", trace.dir.toString());
        assertEquals(after, before);

        // Only the documented keys that say what the program did (others may be added).
        long actors = count(after, "actors");
        long messages = count(after, "messages");
        long external = count(after, "externalMessages");
        long systemCalls = count(after, "systemCalls");
        long creations = count(after, "creations");
        // The tally, the parent and its workers; every message the tally and the workers processed.
        assertTrue(actors >= 2 + TallyProgram.WORKERS, after::toString);
        assertTrue(messages >= TallyProgram.TOTAL, after::toString);
        assertTrue(external >= TallyProgram.OUTSIDE, after::toString); // the main thread's sends
        assertTrue(external <= messages, after::toString);
        assertTrue(systemCalls >= 1, after::toString); // the tally's clock reading
        assertTrue(creations >= 2 + TallyProgram.WORKERS, after::toString);
        assertEquals(Files.size(TraceFiles.events(trace.dir)), count(after, "eventBytes"));
        assertEquals(Boolean.TRUE, after.get("cleanEnd"));
    }

    @Test
    void statsTextShowsTheSameCountsAsJson() throws Exception {
        Map<String, Object> json = statsJson("stats", "--json", trace.dir.toString());
        Cli.Result r = assertSuccess(Cli.tools("stats", trace.dir.toString()));
        Map<String, String> text = new LinkedHashMap<>();
        for (String line : r.out().lines().toList()) {
            String[] kv = line.trim().split("\\s+", 2);
            assertEquals(2, kv.length, () -> "not 'name value': " + line);
            text.put(kv[0], kv[1]);
        }
        for (String key : List.of(
                "actors", "messages", "externalMessages", "systemCalls", "creations", "eventBytes", "cleanEnd")) {
            assertEquals(String.valueOf(json.get(key)), text.get(key), key + " in " + r.out());
        }
    }

    @Test
    void inspectListsEachActorsEventsAndFilters() {
        Cli.Result all = assertSuccess(Cli.tools("inspect", trace.dir.toString()));
        Map<String, List<String>> actors = sections(all.out());
        assertTrue(actors.size() >= 2 + TallyProgram.WORKERS, all::toString);
        // The tally: the actor with the most events (every message, the outside ones with their content).
        String tally = actors.entrySet().stream()
                .max((a, b) -> a.getValue().size() - b.getValue().size())
                .orElseThrow()
                .getKey();
        List<String> tallyEvents = actors.get(tally);
        assertTrue(
                tallyEvents.stream().filter(l -> l.contains("message from")).count() >= TallyProgram.TOTAL,
                all::toString);
        assertTrue(
                tallyEvents.stream().filter(l -> l.contains("external message")).count() >= TallyProgram.OUTSIDE,
                all::toString);
        assertTrue(tallyEvents.stream().anyMatch(l -> l.contains("system call")), all::toString);

        Cli.Result one = assertSuccess(Cli.tools("inspect", trace.dir.toString(), "--actor", tally));
        assertEquals(Map.of(tally, tallyEvents), sections(one.out()));

        Cli.Result limited = assertSuccess(Cli.tools("inspect", trace.dir.toString(), "--limit", "5"));
        Map<String, List<String>> shown = sections(limited.out());
        assertEquals(actors.keySet(), shown.keySet());
        shown.values().forEach(events -> assertTrue(events.size() <= 5, limited::toString));
        assertTrue(
                limited.out()
                        .contains("  ... " + (tallyEvents.size() - 5) + " more events (raise --limit to see them)"),
                limited::toString);
    }

    @Test
    void everyCommandAndBenchmarkHasHelp() {
        for (String cmd :
                List.of("record", "replay", "inspect", "verify", "stats", "bench", "bench agent", "bench savina")) {
            List<String> args = new ArrayList<>(List.of(cmd.split(" ")));
            args.add("--help");
            Cli.Result r = assertSuccess(Cli.tools(args.toArray(String[]::new)));
            assertTrue(r.out().startsWith("Usage: reprise " + cmd + " "), r::toString);
        }
        Cli.Result top = assertSuccess(Cli.tools("--help"));
        for (String word :
                List.of("Usage: reprise", "record", "replay", "inspect", "verify", "stats", "bench", "Exit codes")) {
            assertTrue(top.out().contains(word), () -> word + ": " + top);
        }
        Cli.Result help = assertSuccess(Cli.tools("help", "stats"));
        assertTrue(help.out().startsWith("Usage: reprise stats "), help::toString);
    }

    @Test
    void versionNamesTheReleaseAndTheTraceFormat() {
        Cli.Result r = assertSuccess(Cli.tools("--version"));
        List<String> lines = r.out().lines().toList();
        assertEquals("reprise " + System.getProperty("reprise.version", "0.1.0-SNAPSHOT"), lines.get(0), r::toString);
        assertTrue(lines.get(1).startsWith("trace format version 1, "), r::toString);
    }

    private static Map<String, Object> statsJson(String... args) throws Json.ParseException {
        Cli.Result r = assertSuccess(Cli.tools(args));
        Object parsed = Json.parse(r.out());
        assertInstanceOf(Map.class, parsed, r::toString);
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) parsed;
        return m;
    }

    private static long count(Map<String, Object> stats, String key) {
        assertInstanceOf(Long.class, stats.get(key), () -> key + " is not an integer in " + stats);
        long v = (Long) stats.get(key);
        assertTrue(v >= 0, () -> key + " is negative in " + stats);
        return v;
    }

    /** inspect's output as actor id -> its event lines. */
    private static Map<String, List<String>> sections(String out) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        List<String> current = null;
        for (String line : out.lines().toList()) {
            if (line.startsWith("actor ")) {
                current = new ArrayList<>();
                m.put(line.substring("actor ".length()), current);
            } else if (line.startsWith("    ")) {
                assertTrue(current != null, () -> "event before any actor: " + out);
                current.add(line);
            }
        }
        return m;
    }
}
