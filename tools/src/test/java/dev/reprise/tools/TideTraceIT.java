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
 * recording's output.
 */
class TideTraceIT {
    private static final Path TIDE = Cli.ROOT.resolve("runtime/truffle");
    private static final Path PROGRAM = TIDE.resolve("src/test/tide/replay/mixed.tide");

    @Test
    void toolsReadATideTraceAndItReplays() throws Exception {
        Cli.requireJars();
        assertTrue(
                Files.isDirectory(TIDE.resolve("target/lib")) && Files.isDirectory(TIDE.resolve("target/compiler")),
                "runtime/truffle is not built: a full build (./reprise test, mvn verify) builds it before the tools; "
                        + "with -pl tools, build it first: mvn -pl runtime/truffle -am package -DskipTests");
        Path work = Cli.WORK.resolve("tide");
        Cli.deleteTree(work);
        Files.createDirectories(work);
        Path trace = work.resolve("trace");

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
    }
}
