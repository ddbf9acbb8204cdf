package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.tools.hunt.Hunt;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code reprise hunt}'s options: what a plan gets from them, and one clear line for each bad one. */
class HuntOptionsTest {
    @TempDir
    Path tmp;

    /** The plan {@code args} make, parsed as the command line parses them. */
    private Hunt.Plan plan(String... args) throws Exception {
        CommandLine cl = RepriseCommand.commandLine();
        HuntCommand hunt = cl.getSubcommands().get("hunt").getCommand();
        cl.parseArgs(args);
        return hunt.plan();
    }

    /** The one-line error of {@code args}, which must stop before any run (exit 2). */
    private String error(String... args) {
        CommandLine cl = RepriseCommand.commandLine();
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        assertEquals(2, cl.execute(args), err::toString);
        assertEquals(1, err.toString().lines().count(), err::toString);
        return err.toString().strip();
    }

    private String keep() {
        return tmp.resolve("kept").toString();
    }

    @Test
    void byDefaultAHundredRunsOneAtATimeWithMixedDelays() throws Exception {
        Hunt.Plan p = plan("hunt", "--keep", keep(), "--seed", "10", "--", "-cp", "app.jar", "Main");
        assertEquals(100, p.runs());
        assertNull(p.time());
        assertEquals(1, p.jobs());
        assertEquals("mixed:10", p.perturbationOf().apply(1));
        assertEquals("mixed:12", p.perturbationOf().apply(3), "run N has SEED+N-1");
        assertNull(p.rules().until());
        assertEquals(Duration.ofMinutes(2), p.rules().runTimeout());
        assertTrue(Files.isDirectory(p.work()) && p.work().getParent().equals(tmp), "runs go beside --keep");
    }

    @Test
    void aTimeAloneSetsNoLimitOnRuns() throws Exception {
        Hunt.Plan p = plan("hunt", "--keep", keep(), "--time", "90s", "--jobs", "2", "--", "Main");
        assertEquals(0, p.runs());
        assertEquals(Duration.ofSeconds(90), p.time());
        assertEquals(2, p.jobs());
        Hunt.Plan both = plan("hunt", "--keep", keep(), "--time", "10m", "--runs", "5", "--", "Main");
        assertEquals(5, both.runs());
        assertEquals(Duration.ofMinutes(10), both.time());
    }

    @Test
    void strategiesUntilAndActorFailures() throws Exception {
        Hunt.Plan p = plan(
                "hunt",
                "--keep",
                keep(),
                "--strategy",
                "PCT",
                "--seed",
                "1",
                "--until",
                "LOST (UPDATE|WRITE)",
                "--allow-actor-failures",
                "--run-timeout",
                "500ms",
                "--",
                "Main");
        assertEquals("pct:1", p.perturbationOf().apply(1));
        assertTrue(p.rules().until().matcher("12:00 LOST WRITE in round 3").find());
        assertTrue(p.rules().allowActorFailures());
        assertEquals(Duration.ofMillis(500), p.rules().runTimeout());
        assertNull(
                plan("hunt", "--keep", keep(), "--strategy", "plain", "--", "Main")
                        .perturbationOf()
                        .apply(1),
                "a plain run has no perturbation");
    }

    @Test
    void badBudgets() {
        assertEquals(
                "reprise hunt: --runs must be 1 or more, was 0 (see reprise hunt --help)",
                error("hunt", "--keep", keep(), "--runs", "0", "--", "Main"));
        assertEquals(
                "reprise hunt: --jobs must be 1 or more, was 0 (see reprise hunt --help)",
                error("hunt", "--keep", keep(), "--jobs", "0", "--", "Main"));
        assertEquals(
                "reprise hunt: --time: expected a duration such as 500ms, 90s, 10m or 1h, was '5x' "
                        + "(see reprise hunt --help)",
                error("hunt", "--keep", keep(), "--time", "5x", "--", "Main"));
        assertTrue(error("hunt", "--keep", keep(), "--run-timeout", "0s", "--", "Main")
                .startsWith("reprise hunt: --run-timeout: expected a duration above zero, was '0s'"));
        assertTrue(
                error("hunt", "--keep", keep(), "--runs", "many", "--", "Main").contains("'many' is not an int"));
    }

    @Test
    void badStrategyUntilAndAgentOptions() {
        assertTrue(
                error("hunt", "--keep", keep(), "--strategy", "fast", "--", "Main")
                        .startsWith(
                                "reprise hunt: --strategy: unknown strategy 'fast'; valid: random, pct, bounded, slow, mixed, plain"));
        assertTrue(error("hunt", "--keep", keep(), "--until", "(", "--", "Main")
                .startsWith("reprise hunt: --until: not a regular expression: Unclosed group"));
        assertTrue(error("hunt", "--keep", keep(), "-o", "perturb=3", "--", "Main")
                .startsWith("reprise hunt: --option perturb is hunt's to set (use --strategy and --seed)"));
        assertTrue(error("hunt", "--keep", keep(), "-o", "include", "--", "Main")
                .startsWith("reprise hunt: --option expects KEY=VALUE, got 'include'"));
    }

    @Test
    void noProgramOrAKeepThatIsTaken() throws Exception {
        assertTrue(error("hunt", "--keep", keep()).startsWith("reprise hunt: give the java command line after --"));
        Path file = Files.writeString(tmp.resolve("file"), "x");
        assertTrue(error("hunt", "--keep", file.toString(), "--", "Main")
                .startsWith("reprise hunt: --keep " + file + " is a file"));
        Path full = Files.createDirectories(tmp.resolve("full"));
        Files.writeString(full.resolve("events.rpt"), "x");
        assertTrue(error("hunt", "--keep", full.toString(), "--", "Main")
                .startsWith("reprise hunt: --keep " + full + " is not empty (it holds a trace)"));
        try (var left = Files.list(tmp)) {
            assertEquals(2, left.count(), "no work folder is made for a hunt that does not start");
        }
    }
}
