package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.LostUpdateProgram;
import dev.reprise.programs.RegistryOrderProgram;
import dev.reprise.programs.RestartRaceProgram;
import dev.reprise.programs.TimeoutRaceProgram;
import dev.reprise.trace.TraceMetadata;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code reprise hunt}, with its default strategy, finds each seeded bug of the samples module
 * (bugs that plain runs rarely show) within a budget of runs, keeps only the failing run's trace,
 * and prints the command that replays it; that replay fails the same way three times out of three:
 * the same exit status and the same lines. Lines that different actors print may come in another
 * order (replay keeps each actor's order, not the interleaving of their prints), and Akka's log
 * lines carry the wall clock: so the program's own lines are compared, as sorted lists.
 */
class HuntIT {
    /**
     * Runs a hunt may take. The default strategy failed each program in at least 6 of 20 runs on a
     * quiet machine (tools/README.md, "Runs to failure"): 25 runs miss with a chance of 1 in 7,000.
     */
    static final int BUDGET = 25;

    /**
     * A seeded bug: its program, the hunt's options that make its bug a failure, the verdict the hunt
     * gives a failing run, the exit status of a failing run and a line its output has.
     */
    record Bug(Class<?> program, List<String> options, String verdict, int status, String line, String lines) {
        @Override
        public String toString() {
            return program.getSimpleName();
        }
    }

    static List<Bug> bugs() {
        return List.of(
                new Bug(
                        RegistryOrderProgram.class,
                        List.of(),
                        "an uncaught error in an actor|\\d+ uncaught errors in actors",
                        0,
                        " missing",
                        "worker-\\S+ (found|missing)"),
                new Bug(
                        LostUpdateProgram.class,
                        List.of("--until", "LOST UPDATE"),
                        "a line matched --until: LOST UPDATE in round \\d+",
                        0,
                        "LOST UPDATE in round ",
                        "LOST UPDATE .*|\\d+ rounds, .*"),
                new Bug(TimeoutRaceProgram.class, List.of(), "exit status 2", 2, " was charged ", "requester-.*"),
                new Bug(
                        RestartRaceProgram.class,
                        List.of("--allow-actor-failures"),
                        "exit status 1",
                        1,
                        "the session was used before its token came back",
                        "round .*|\\d+ rounds, .*"));
    }

    @BeforeAll
    static void packaged() {
        Cli.requireJars();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bugs")
    void findsTheSeededBugAndItsTraceReplaysToTheSameFailure(Bug bug) throws Exception {
        Path dir = RecordedPrograms.folder("hunt-" + bug);
        Path kept = dir.resolve("kept");
        String classPath = SampleRuns.programClassPath(bug.program());
        List<String> program = List.of("-cp", classPath, bug.program().getName());
        List<String> hunt = new ArrayList<>(
                List.of("hunt", "--runs", String.valueOf(BUDGET), "--seed", "1", "--keep", kept.toString()));
        hunt.addAll(bug.options());
        hunt.add("--");
        hunt.addAll(program);
        Cli.Result found = Cli.script(Cli.PACKAGED, hunt.toArray(String[]::new));

        assertEquals(0, found.exit(), () -> "a failing run within " + BUDGET + ": " + found);
        Matcher failed = Pattern.compile("\\[hunt] run (\\d+) failed after \\d+ runs? in \\S+: (" + bug.verdict() + ")")
                .matcher(found.err());
        assertTrue(failed.find(), found::toString);
        int run = Integer.parseInt(failed.group(1));
        assertTrue(found.err().contains("[hunt] run 1 (mixed:1) "), () -> "a line per run: " + found);
        assertEquals(
                Cli.ROOT.resolve("reprise") + " replay --trace " + kept.toAbsolutePath() + " -- -cp " + classPath + " "
                        + bug.program().getName() + "\n",
                found.out(),
                "the command that replays it");
        TraceMetadata metadata = TraceMetadata.read(kept);
        assertEquals("mixed:" + run, metadata.perturbation(), "the seed that found it is in the trace");
        String recorded = Files.readString(kept.resolve("output.txt"));
        assertTrue(recorded.contains(bug.line()), recorded);
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(kept), left.toList(), "the passing runs' traces are deleted");
        }

        for (int replay = 1; replay <= 3; replay++) {
            List<String> command = new ArrayList<>(List.of("replay", "--trace", kept.toString(), "--"));
            command.addAll(program);
            Cli.Result replayed = Cli.script(Cli.PACKAGED, command.toArray(String[]::new));
            int n = replay;
            assertEquals(bug.status(), replayed.exit(), () -> "replay " + n + " ends as the run did: " + replayed);
            assertEquals(
                    programLines(recorded, bug),
                    programLines(replayed.out(), bug),
                    () -> "replay " + n + ": " + replayed);
            assertTrue(
                    replayed.err().contains("the whole trace was consumed")
                            || replayed.err().contains("every application actor consumed its recorded events"),
                    () -> "replay " + n + " consumed what it recorded: " + replayed);
        }
    }

    /** The lines the program itself prints, sorted. */
    static List<String> programLines(String output, Bug bug) {
        Pattern own = Pattern.compile(bug.lines());
        return output.lines().filter(l -> own.matcher(l).matches()).sorted().toList();
    }
}
