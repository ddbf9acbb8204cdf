package dev.reprise.tide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.testsupport.ChildProcess;
import dev.reprise.testsupport.Project;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ./reprise lang run|record|replay} as users run it: the script at the repository root in
 * a child process, on the packaged module ({@code REPRISE_NO_BUILD=1}: no nested Maven build).
 * Each racy recording replays to its own output, a run that an error ended included; a changed
 * program is refused, or with the flag diverges with the report and exit 86; a long turn is not a
 * stuck replay; options may follow the file; bad input gets one line and a nonzero exit, never a
 * stack trace.
 */
class LangCommandIT {
    private static final Path ROOT = Project.root();
    private static final Path PROGRAMS = ROOT.resolve("runtime/truffle/src/test/tide");
    private static final Path WORK = ROOT.resolve("runtime/truffle/target/lang-it");

    private record Result(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    @BeforeAll
    static void cleanWork() throws IOException {
        if (Files.exists(WORK)) {
            try (var files = Files.walk(WORK)) {
                files.sorted(java.util.Comparator.reverseOrder())
                        .forEach(p -> p.toFile().delete());
            }
        }
        Files.createDirectories(WORK);
    }

    @Test
    void helpNamesTheLangCommands() throws Exception {
        Result all = reprise("--help");
        assertEquals(0, all.exit(), all::toString);
        for (String line : List.of(
                "lang run FILE.tide", "lang record --trace DIR FILE.tide", "lang replay --trace DIR FILE.tide")) {
            assertTrue(all.out().contains(line), "./reprise --help names " + line + ": " + all);
        }
        Result lang = reprise("lang", "--help");
        assertEquals(0, lang.exit(), lang::toString);
        assertTrue(lang.out().startsWith("Usage: ./reprise lang run FILE.tide [ARG...]\n"), lang::toString);
        assertTrue(lang.out().contains("exit 86 if it diverges"), lang::toString);
        Result none = reprise("lang");
        assertEquals(2, none.exit(), none::toString);
        assertTrue(none.err().startsWith("Usage: ./reprise lang"), none::toString);
    }

    @Test
    void runPrintsTheProgramsOutput() throws Exception {
        Result r = reprise("lang", "run", PROGRAMS.resolve("counting.tide").toString());
        assertEquals(0, r.exit(), r::toString);
        assertEquals(Files.readString(PROGRAMS.resolve("counting.output")), r.out(), r::toString);
    }

    /**
     * The words after the file are the program's {@code args()}, except our options, which may
     * come after the file too (a Savina program sized on the command line, recorded and replayed);
     * a replay with other arguments is refused, naming both.
     */
    @Test
    void wordsAfterTheFileAreTheProgramsArgumentsExceptOurOptions() throws Exception {
        String program = PROGRAMS.resolve("savina/pingpong.tide").toString();
        Path trace = WORK.resolve("pingpong-args");
        Result recorded = reprise("lang", "record", program, "--trace", trace.toString(), "3000");
        assertEquals(0, recorded.exit(), recorded::toString);
        assertEquals("PingPong ok\n", recorded.out(), recorded::toString);
        Result replayed = reprise("lang", "replay", "--trace", trace.toString(), program, "3000");
        assertEquals(0, replayed.exit(), replayed::toString);
        assertEquals(recorded.out(), replayed.out(), replayed::toString);
        Result other = reprise("lang", "replay", program, "4000", "--trace=" + trace);
        assertEquals(1, other.exit(), other::toString);
        assertEquals(
                "error: cannot replay: " + trace + " was recorded with the arguments [\"3000\"], but this replay "
                        + "has the arguments [\"4000\"]\n",
                other.err());
        Result bad = reprise("lang", "run", program, "many");
        assertEquals(1, bad.exit(), bad::toString);
        assertTrue(bad.err().startsWith("error: ") && !bad.err().contains("\tat "), bad::toString);
    }

    /** After {@code --}, every word is the program's, our options' names too; before it, ours are ours. */
    @Test
    void everyWordAfterTheSeparatorIsTheProgramsOwn() throws Exception {
        String program = PROGRAMS.resolve("args.tide").toString();
        Result r = reprise("lang", "run", program, "7", "--", "--trace", "x");
        assertEquals(0, r.exit(), r::toString);
        assertEquals("3\n7\n8\n--trace!\n", r.out(), r::toString);
        Result ours = reprise("lang", "run", program, "7", "--trace", "x");
        assertEquals(2, ours.exit(), ours::toString);
        assertEquals(
                "reprise: lang run: --trace is for record and replay (put it after -- to give it to the program)\n",
                ours.err());
    }

    /**
     * {@code chorus}: four actors print from two worker threads; the replay prints the recording's
     * interleaving. {@code late_callbacks}: callbacks with one sender and resolver, sent by the
     * resolver or by their owner, run in the recording's order.
     */
    @ParameterizedTest
    @ValueSource(strings = {"replay/mixed", "replay/chorus", "replay/late_callbacks"})
    void eachRecordingOfARacyProgramReplaysToItsOutput(String name) throws Exception {
        String program = PROGRAMS.resolve(name + ".tide").toString();
        for (int i = 0; i < 3; i++) {
            Path trace = WORK.resolve(name.replace('/', '-') + "-" + i);
            Result recorded = reprise("lang", "record", "--trace", trace.toString(), program);
            assertEquals(0, recorded.exit(), recorded::toString);
            assertTrue(Files.exists(trace.resolve("trace.json")), recorded::toString);
            Result replayed = reprise("lang", "replay", "--trace", trace.toString(), program);
            assertEquals(0, replayed.exit(), replayed::toString);
            assertEquals(recorded.out(), replayed.out(), "replay of recording " + i);
        }
    }

    /**
     * A trace is its program's by the source text: a renamed copy replays; a changed program under
     * the same name is refused in one line, and with {@code --allow-changed-program} it replays
     * until it diverges, with the report and exit 86.
     */
    @Test
    void aChangedProgramIsRefusedOrWithTheFlagDivergesWithTheReportAndExit86() throws Exception {
        Path trace = WORK.resolve("arrival");
        Path original = PROGRAMS.resolve("replay/arrival_order.tide");
        Result recorded = reprise("lang", "record", "--trace", trace.toString(), original.toString());
        assertEquals(0, recorded.exit(), recorded::toString);

        Path renamed = Files.createDirectories(WORK.resolve("moved")).resolve("renamed.tide");
        Files.copy(original, renamed);
        Result copy = reprise("lang", "replay", "--trace", trace.toString(), renamed.toString());
        assertEquals(0, copy.exit(), copy::toString);
        assertEquals(recorded.out(), copy.out(), copy::toString);

        Path changed = Files.createDirectories(WORK.resolve("changed")).resolve("arrival_order.tide");
        Files.writeString(changed, Files.readString(original).replace("while (i < 3)", "while (i < 4)"));
        Result refused = reprise("lang", "replay", "--trace", trace.toString(), changed.toString());
        assertEquals(1, refused.exit(), refused::toString);
        assertEquals(
                "error: cannot replay: " + trace + " is a trace of arrival_order.tide as it was when recorded, and the "
                        + "program has changed since (its source text differs; --allow-changed-program replays it "
                        + "anyway)\n",
                refused.err());

        Result r =
                reprise("lang", "replay", "--trace", trace.toString(), "--allow-changed-program", changed.toString());
        assertEquals(86, r.exit(), r::toString);
        assertTrue(r.err().startsWith("[reprise] REPLAY DIVERGED"), r::toString);
        assertTrue(r.err().contains("first difference: actor 2 (Log): it received 1 message from actor"), r::toString);
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r);
    }

    /**
     * One actor's error ends the run while three others print, in a racy order (the schedule
     * perturbed): each recording replays three times to the same lines, the same error line and
     * the same exit status, 1. The error waits for the other actors to catch up with it.
     */
    @Test
    void aRunThatAnErrorEndedReplaysToTheSameOutputErrorAndExitStatus() throws Exception {
        String program = PROGRAMS.resolve("replay/error_race.tide").toString();
        String error = "error: error_race.tide:29:21: in actor 5 (Breaker): index 3 out of bounds for length 3\n";
        for (int i = 0; i < 3; i++) {
            Path trace = WORK.resolve("error_race-" + i);
            Result recorded = perturbed("lang", "record", "--trace", trace.toString(), program);
            assertEquals(1, recorded.exit(), recorded::toString);
            assertEquals(error, recorded.err(), recorded::toString);
            assertTrue(recorded.out().lines().count() > 3, recorded::toString);
            for (int replay = 0; replay < 3; replay++) {
                Result replayed = perturbed("lang", "replay", "--trace", trace.toString(), program);
                assertEquals(recorded.toString(), replayed.toString(), "replay " + replay + " of recording " + i);
            }
        }
    }

    /**
     * A turn that computes for 30 s replays with exit 0: a worker inside a turn is not a stuck
     * replay, however long it computes. (The replay computes as long: the clock's readings are
     * recorded, so it does as many rounds.)
     */
    @Test
    void aTurnThatComputesForThirtySecondsReplaysWithExit0() throws Exception {
        String program = PROGRAMS.resolve("replay/long_turn.tide").toString();
        Path trace = WORK.resolve("long_turn");
        Result recorded = reprise("lang", "record", "--trace", trace.toString(), program, "30000");
        assertEquals(0, recorded.exit(), recorded::toString);
        long start = System.nanoTime();
        Result replayed = reprise("lang", "replay", "--trace", trace.toString(), program, "30000");
        long seconds = (System.nanoTime() - start) / 1_000_000_000;
        assertEquals(0, replayed.exit(), replayed::toString);
        assertEquals("computed for 30000 ms\n", replayed.out(), replayed::toString);
        assertTrue(seconds >= 15, "the replay's turn computed for long (" + seconds + " s)");
    }

    /**
     * A recording whose JVM is killed (SIGKILL: no shutdown hook, no clean end) replays as far as
     * its trace was written, printing a prefix of what the recording printed, then stops with the
     * agent's exit code for that, 87.
     */
    @Test
    void aKilledRecordingReplaysAsFarAsItWasWrittenThenExits87() throws Exception {
        Path trace = WORK.resolve("killed");
        String program = PROGRAMS.resolve("replay/endless.tide").toString();
        Path out = WORK.resolve("killed.out");
        try (ChildProcess.Running recording = Project.script("lang", "record", "--trace", trace.toString(), program)
                .directory(WORK)
                .output(out, WORK.resolve("killed.err"))
                .start()) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (Files.readAllLines(out).size() < 5 && recording.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            Thread.sleep(500); // past the writer's flush interval, so the trace holds some of it
            recording.kill(); // ./reprise execs the JVM: this is SIGKILL to it
            recording.process().waitFor();
        }
        String recorded = Files.readString(out);
        assertTrue(recorded.lines().count() >= 5, "the recording printed:\n" + recorded);

        Result replayed = reprise("lang", "replay", "--trace", trace.toString(), program);
        assertEquals(87, replayed.exit(), replayed::toString);
        assertTrue(
                replayed.err().startsWith("[reprise] the recording ends here (it did not end cleanly"),
                replayed::toString);
        assertFalse(replayed.out().isEmpty(), replayed::toString);
        assertTrue(
                recorded.startsWith(replayed.out()),
                "the replay printed a prefix of the recording's output:\n" + replayed + "\n--- recorded\n" + recorded);
    }

    @Test
    void aTraceOfAnotherProgramIsOneLineAndExit1() throws Exception {
        Path trace = WORK.resolve("winner");
        assertEquals(
                0,
                reprise(
                                "lang",
                                "record",
                                "--trace",
                                trace.toString(),
                                PROGRAMS.resolve("replay/winner.tide").toString())
                        .exit());
        Result r = reprise(
                "lang",
                "replay",
                "--trace",
                trace.toString(),
                PROGRAMS.resolve("counting.tide").toString());
        assertEquals(1, r.exit(), r::toString);
        assertEquals("error: cannot replay: " + trace + " is a trace of winner.tide, not of counting.tide\n", r.err());
    }

    @Test
    void aTraceFromBeforePrintsWereRecordedIsOneLineAndExit1() throws Exception {
        Path trace = WORK.resolve("unnumbered");
        String program = PROGRAMS.resolve("replay/winner.tide").toString();
        assertEquals(
                0,
                reprise("lang", "record", "--trace", trace.toString(), program).exit());
        Path metadata = trace.resolve("trace.json");
        Files.writeString(metadata, Files.readString(metadata).replace("\"tide.prints\"", "\"tide.unknown\""));
        Result r = reprise("lang", "replay", "--trace", trace.toString(), program);
        assertEquals(1, r.exit(), r::toString);
        assertEquals(
                "error: cannot replay: " + trace + " was recorded by an earlier Tide, which did not record the order "
                        + "of printed lines; record the program again\n",
                r.err());
    }

    @Test
    void badCommandLinesAreOneLineAndExit2() throws Exception {
        Result missing = reprise("lang", "run", WORK.resolve("nowhere.tide").toString());
        assertEquals(2, missing.exit(), missing::toString);
        assertEquals("reprise: lang run: no such program file: " + WORK.resolve("nowhere.tide") + "\n", missing.err());

        Result noTrace = reprise(
                "lang",
                "replay",
                "--trace",
                WORK.resolve("no-trace").toString(),
                PROGRAMS.resolve("counting.tide").toString());
        assertEquals(2, noTrace.exit(), noTrace::toString);
        assertEquals(
                "reprise: lang replay: " + WORK.resolve("no-trace") + " holds no trace (no trace.json)\n",
                noTrace.err());

        Result noDir =
                reprise("lang", "record", PROGRAMS.resolve("counting.tide").toString());
        assertEquals(2, noDir.exit(), noDir::toString);
        assertEquals("reprise: lang record: --trace DIR is required\n", noDir.err());
    }

    private static Result reprise(String... args) {
        ChildProcess.Result r = Project.script(args)
                .directory(WORK)
                .timeout(Duration.ofSeconds(120))
                .run();
        return new Result(r.exit(), r.out(), r.err());
    }

    /** {@link #reprise} with the workers' schedule perturbed, so recordings catch different interleavings. */
    private static Result perturbed(String... args) {
        ChildProcess.Result r = Project.script(args)
                .directory(WORK)
                .env("TIDE_JAVA_OPTS", "-Dtide.perturbSchedule=true")
                .timeout(Duration.ofSeconds(120))
                .run();
        return new Result(r.exit(), r.out(), r.err());
    }
}
