package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.RestartRaceProgram;
import dev.reprise.trace.TraceMetadata;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code reprise hunt} finds a seeded bug that plain runs rarely show (a restart racing a message,
 * {@link RestartRaceProgram}) within a budget of runs, keeps only the failing run's trace, and
 * prints the command that replays it; that replay fails the same way three times out of three.
 */
class HuntIT {
    /** Runs the hunt may take: under perturbation most runs of the program fail. */
    static final int BUDGET = 10;

    @BeforeAll
    static void packaged() {
        Cli.requireJars();
    }

    @Test
    void findsTheRestartRaceAndItsTraceReplaysToTheSameFailure() throws Exception {
        Path dir = RecordedPrograms.folder("hunt");
        Path kept = dir.resolve("kept");
        String classPath = AkkaSamplesIT.programClassPath(RestartRaceProgram.class);
        List<String> program = List.of("-cp", classPath, RestartRaceProgram.class.getName());
        List<String> hunt = new ArrayList<>(List.of(
                "hunt",
                "--runs",
                String.valueOf(BUDGET),
                "--seed",
                "1",
                "--keep",
                kept.toString(),
                "--allow-actor-failures",
                "--"));
        hunt.addAll(program);
        Cli.Result found = Cli.script(Cli.PACKAGED, hunt.toArray(String[]::new));

        assertEquals(0, found.exit(), () -> "a failing run within " + BUDGET + ": " + found);
        Matcher failed = Pattern.compile("\\[hunt] run (\\d+) failed after \\d+ runs? in \\S+: exit status 1")
                .matcher(found.err());
        assertTrue(failed.find(), found::toString);
        int run = Integer.parseInt(failed.group(1));
        assertTrue(found.err().contains("[hunt] run 1 (random:1) "), () -> "a line per run: " + found);
        assertEquals(
                Cli.ROOT.resolve("reprise") + " replay --trace " + kept.toAbsolutePath() + " -- -cp " + classPath + " "
                        + RestartRaceProgram.class.getName() + "\n",
                found.out(),
                "the command that replays it");
        TraceMetadata metadata = TraceMetadata.read(kept);
        assertEquals("random:" + run, metadata.perturbation(), "the seed that found it is in the trace");
        assertTrue(metadata.actorFailures() >= RestartRaceProgram.ROUNDS, "the crashes are counted: " + metadata);
        String recorded = Files.readString(kept.resolve("output.txt"));
        assertTrue(recorded.contains("the session was used before its token came back"), recorded);
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(kept), left.toList(), "the passing runs' traces are deleted");
        }

        for (int replay = 1; replay <= 3; replay++) {
            List<String> command = new ArrayList<>(List.of("replay", "--trace", kept.toString(), "--"));
            command.addAll(program);
            Cli.Result replayed = Cli.script(Cli.PACKAGED, command.toArray(String[]::new));
            int n = replay;
            assertEquals(1, replayed.exit(), () -> "replay " + n + " fails as the run did: " + replayed);
            assertEquals(recorded, replayed.out(), () -> "replay " + n + ": " + replayed);
            assertTrue(
                    replayed.err().contains("[reprise] output: identical to the recording's"),
                    () -> "replay " + n + ": " + replayed);
        }
    }
}
