package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.TallyProgram;
import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A trace recorded while the agent failed inside: {@link TallyProgram} recorded through {@code
 * reprise record} with {@code -Dreprise.test.fault} making the agent fail for real where it
 * watches the actor system. The recording still works, and every command says that the agent had
 * an error there: verify (exit 3, site and count), stats (text and JSON) and the replay, which
 * warns before the program prints anything.
 */
class AgentErrorsIT {
    static final String SITE = "watching an actor system";
    private static final Path WORK = Cli.ROOT.resolve("tools/target/agent-errors-it");
    static Path trace;
    static Cli.Result record;

    @BeforeAll
    static void recordWithAFault() throws Exception {
        Cli.requireJars();
        Cli.deleteTree(WORK);
        trace = Files.createDirectories(WORK).resolve("tally");
        record = Cli.tools(
                "record",
                "--trace",
                trace.toString(),
                "--",
                "-Dreprise.test.fault=" + SITE,
                "-cp",
                RecordedTrace.CLASS_PATH,
                RecordedTrace.PROGRAM);
    }

    @Test
    void theProgramRunsAndTheAgentSaysWhatFailedOnce() {
        assertEquals(0, record.exit(), record::toString);
        RecordedTrace.tallyLine(record);
        List<String> said = record.errLines().stream()
                .filter(l -> l.contains("internal error in " + SITE))
                .toList();
        assertEquals(1, said.size(), record::toString);
    }

    @Test
    void verifyReportsTheErrorsWithSiteAndCount() {
        Cli.Result r = Cli.tools("verify", trace.toString());
        assertEquals(ExitCodes.AGENT_ERRORS, r.exit(), r::toString);
        assertEquals("", r.out(), r::toString);
        assertTrue(r.err().contains("recorded with agent errors: " + SITE + ": 1;"), r::toString);
        assertTrue(r.err().contains(trace.toString()), r::toString);
        Cli.assertNoStackTrace(r);
    }

    @Test
    void statsCountsThemInJsonAndText() throws Exception {
        Cli.Result json = Cli.assertSuccess(Cli.tools("stats", "--json", trace.toString()));
        Object parsed = Json.parse(json.out());
        assertInstanceOf(Map.class, parsed, json::toString);
        assertEquals(Map.of(SITE, 1L), ((Map<?, ?>) parsed).get("agentErrors"), json::toString);
        assertEquals(null, ((Map<?, ?>) parsed).get("notRecorded"), json::toString);
        assertTrue(((Long) ((Map<?, ?>) parsed).get("messages")) >= TallyProgram.TOTAL, "still recorded: " + json);

        Cli.Result text = Cli.assertSuccess(Cli.tools("stats", trace.toString()));
        assertTrue(text.out().lines().anyMatch(l -> l.matches("agentErrors\\s+" + SITE + ": 1")), text::toString);
    }

    @Test
    void replayWarnsBeforeTheProgramPrintsAndStillReplays() {
        // Both streams in one, as a terminal shows them: the warning must come before the program's output.
        List<String> replay = List.of(
                Cli.JAVA,
                "-Dreprise.home=" + Cli.ROOT,
                "-jar",
                Cli.TOOLS_JAR.toString(),
                "replay",
                "--trace",
                trace.toString(),
                "--",
                "-cp",
                RecordedTrace.CLASS_PATH,
                RecordedTrace.PROGRAM);
        List<String> merged = new ArrayList<>(List.of("sh", "-c", "exec \"$@\" 2>&1", "sh"));
        merged.addAll(replay);
        Cli.Result r = Cli.run(merged, Map.of());
        assertEquals(0, r.exit(), r::toString);
        assertEquals(RecordedTrace.tallyLine(record), RecordedTrace.tallyLine(r), r::toString);
        List<String> lines = r.out().lines().toList();
        assertTrue(
                !lines.isEmpty()
                        && lines.get(0)
                                .equals("[reprise] the trace " + trace + " was recorded with agent " + "errors (" + SITE
                                        + ": 1): it may not replay exactly"),
                r::toString);
    }

    @Test
    void aCleanRecordingHasNone() throws Exception {
        Cli.Result r = Cli.assertSuccess(
                Cli.tools("stats", "--json", RecordedTrace.get().dir.toString()));
        assertEquals(
                Map.of(), ((Map<?, ?>) Json.parse(r.out())).get("agentErrors"), "no hook missed on Akka 2.6: " + r);
    }
}
