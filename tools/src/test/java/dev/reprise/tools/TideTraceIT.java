package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The trace tools read a trace of Tide, the Truffle language, as they read the agent's: one file
 * format, one set of tools. A racy Tide program (creations, random numbers, the clock, four
 * senders to one log) is recorded with {@code ./reprise lang record}, then {@code verify},
 * {@code stats} and {@code inspect} run on its trace, and {@code ./reprise lang replay} prints the
 * recording's output. Of a run that an actor's error ended, {@code verify} and {@code stats} say
 * so; {@code stats} counts a program's timers.
 */
class TideTraceIT {
    private static final Path TIDE = Cli.ROOT.resolve("runtime/truffle");
    private static final Path PROGRAM = TIDE.resolve("src/test/tide/replay/mixed.tide");

    @Test
    void toolsReadATideTraceAndItReplays() throws Exception {
        Path trace = work("tide").resolve("trace");

        Cli.Result recorded =
                Cli.script(Cli.PACKAGED, "lang", "record", "--trace", trace.toString(), PROGRAM.toString());
        assertEquals(0, recorded.exit(), recorded::toString);
        assertEquals(8, recorded.out().lines().count(), recorded::toString);

        Cli.Result verified = Cli.script(Cli.PACKAGED, "verify", trace.toString());
        assertEquals(0, verified.exit(), verified::toString);
        assertTrue(verified.out().contains("is sound"), verified::toString);
        assertTrue(verified.out().contains("clean end"), verified::toString);

        Cli.Result stats = Cli.script(Cli.PACKAGED, "stats", trace.toString());
        assertEquals(0, stats.exit(), stats::toString);
        // The main actor, the log, four workers and four helpers; each worker drew a number and read
        // the clock, and each of the 8 printed lines is a system call too (its place in the output).
        assertTrue(stats.out().lines().anyMatch(l -> l.matches("actors\\s+10")), stats::toString);
        assertTrue(stats.out().lines().anyMatch(l -> l.matches("systemCalls\\s+16")), stats::toString);
        assertTrue(stats.out().lines().anyMatch(l -> l.matches("creations\\s+9")), stats::toString);

        Cli.Result inspected = Cli.script(Cli.PACKAGED, "inspect", trace.toString(), "--actor", "1");
        assertEquals(0, inspected.exit(), inspected::toString);
        assertTrue(inspected.out().contains("created actor 2"), inspected::toString);

        Cli.Result replayed =
                Cli.script(Cli.PACKAGED, "lang", "replay", "--trace", trace.toString(), PROGRAM.toString());
        assertEquals(0, replayed.exit(), replayed::toString);
        assertEquals(recorded.out(), replayed.out(), "the replay prints the recording's output");

        // Two recordings draw other random numbers: diff names a root cause; a page of one, and of both.
        Path again = trace.resolveSibling("again");
        Cli.Result second = Cli.script(Cli.PACKAGED, "lang", "record", "--trace", again.toString(), PROGRAM.toString());
        assertEquals(0, second.exit(), second::toString);
        Cli.Result diff = Cli.script(Cli.PACKAGED, "diff", trace.toString(), again.toString());
        assertEquals(1, diff.exit(), diff::toString);
        assertTrue(diff.out().contains("Root causes, first cause first:"), diff::toString);
        assertTrue(diff.out().contains("another recorded value"), diff::toString);
        assertEquals(
                0,
                Cli.script(Cli.PACKAGED, "diff", trace.toString(), trace.toString())
                        .exit());
        Cli.Result view = Cli.script(Cli.PACKAGED, "view", trace.toString());
        assertEquals(0, view.exit(), view::toString);
        assertTrue(view.out().startsWith("wrote "), view::toString);
        Cli.Result against = Cli.script(Cli.PACKAGED, "view", trace.toString(), "--against", again.toString());
        assertEquals(0, against.exit(), against::toString);
        assertTrue(Files.isRegularFile(trace.resolve("against.html")), against::toString);
    }

    /** The run stopped at an actor's error: the trace says which actor's and the exit status, and the replay ends so too. */
    @Test
    void verifyAndStatsSayThatAnActorsErrorEndedTheRun() throws Exception {
        Path trace = work("tide-error").resolve("trace");
        String program = TIDE.resolve("src/test/tide/replay/error_race.tide").toString();
        Cli.Result recorded = Cli.script(Cli.PACKAGED, "lang", "record", "--trace", trace.toString(), program);
        assertEquals(1, recorded.exit(), recorded::toString);
        assertTrue(recorded.err().contains("in actor 5 (Breaker)"), recorded::toString);

        String ended = "an uncaught error in a turn of actor 5, exit status 1";
        Cli.Result verified = Cli.script(Cli.PACKAGED, "verify", trace.toString());
        assertEquals(0, verified.exit(), verified::toString);
        assertTrue(verified.out().contains("clean end (the run ended by " + ended + ")"), verified::toString);
        Cli.Result stats = Cli.script(Cli.PACKAGED, "stats", trace.toString());
        assertEquals(0, stats.exit(), stats::toString);
        assertTrue(stats.out().lines().anyMatch(l -> l.matches("ended\\s+" + ended)), stats::toString);

        Cli.Result replayed = Cli.script(Cli.PACKAGED, "lang", "replay", "--trace", trace.toString(), program);
        assertEquals(1, replayed.exit(), replayed::toString);
        assertEquals(recorded.out(), replayed.out(), "the replay prints the recording's lines");
        assertEquals(recorded.err(), replayed.err(), "the replay ends with the recording's error");
    }

    /** {@code after(ms)} sets a timer: a creation of a timer in the trace, which stats counts as such. */
    @Test
    void statsCountsATideProgramsTimers() throws Exception {
        Path trace = work("tide-timers").resolve("trace");
        String program = TIDE.resolve("src/test/tide/timers.tide").toString();
        Cli.Result recorded = Cli.script(Cli.PACKAGED, "lang", "record", "--trace", trace.toString(), program);
        assertEquals(0, recorded.exit(), recorded::toString);
        Cli.Result stats = Cli.script(Cli.PACKAGED, "stats", trace.toString());
        assertEquals(0, stats.exit(), stats::toString);
        assertTrue(stats.out().lines().anyMatch(l -> l.matches("timers\\s+4")), stats::toString);
        assertTrue(stats.out().lines().anyMatch(l -> l.matches("actors\\s+2")), stats::toString);
    }

    private static Path work(String name) throws Exception {
        Cli.requireJars();
        assertTrue(
                Files.isDirectory(TIDE.resolve("target/lib")) && Files.isDirectory(TIDE.resolve("target/compiler")),
                "runtime/truffle is not built: a full build (./reprise test, mvn verify) builds it before the tools; "
                        + "with -pl tools, build it first: mvn -pl runtime/truffle -am package -DskipTests");
        Path work = Cli.WORK.resolve(name);
        Cli.deleteTree(work);
        Files.createDirectories(work);
        return work;
    }
}
