package dev.reprise.tools;

import static dev.reprise.tools.Cli.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.HelloProgram;
import dev.reprise.trace.Json;
import dev.reprise.trace.TraceFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad input, for every command, in its own process: the right exit code (1 a trace problem, 2
 * bad usage or no trace at the path) and one clear line on stderr that names the problem and the
 * path or option, never a stack trace, and nothing on stdout for a script to mistake for output.
 */
class BadInputIT {
    static RecordedTrace trace;
    static Path missing;
    static Path file;
    static Path empty;
    static Path newer;
    /** The format version this Reprise writes (the recorded trace's), and the newer one it must refuse. */
    static int current;

    @BeforeAll
    static void paths() throws Exception {
        trace = RecordedTrace.get();
        Cli.deleteTree(Cli.WORK.resolve("unrecorded")); // the record tests check that nothing is made there
        Path bad = Cli.WORK.resolve("bad");
        Cli.deleteTree(bad);
        Files.createDirectories(bad);
        missing = bad.resolve("no-such-trace");
        file = Files.writeString(bad.resolve("a-file"), "not a trace\n");
        empty = Files.createDirectories(bad.resolve("empty"));
        current = dev.reprise.trace.TraceMetadata.read(trace.dir).formatVersion();
        newer = trace.copyWithFormatVersion(bad.resolve("version-" + (current + 1)), current + 1);
    }

    /** The command line of {@code command} (as named in the tests' sources) on {@code dir}. */
    static String[] on(String command, Path dir, String... extra) {
        List<String> args = new ArrayList<>(Arrays.asList(command.split(" ")));
        args.addAll(List.of(extra));
        if (command.startsWith("replay")) {
            args.addAll(List.of("--trace", dir.toString()));
            if (!command.contains("--print-jvm-args")) {
                args.addAll(List.of("--", "-cp", RecordedTrace.CLASS_PATH, RecordedTrace.PROGRAM));
            }
        } else {
            args.add(dir.toString());
        }
        return args.toArray(String[]::new);
    }

    /** What each line starts with: the command, so a user of a script knows which step failed. */
    static String prefix(String command) {
        return "reprise " + command.split(" ")[0] + ": ";
    }

    @ParameterizedTest
    @ValueSource(strings = {"inspect", "verify", "stats", "stats --json", "view", "replay", "replay --print-jvm-args"})
    void aMissingDirectory(String command) {
        assertOneLineError(Cli.tools(on(command, missing)), 2, prefix(command) + missing + ": no such trace directory");
    }

    @ParameterizedTest
    @ValueSource(strings = {"inspect", "verify", "stats", "stats --json", "view", "replay", "replay --print-jvm-args"})
    void aFileInsteadOfADirectory(String command) {
        assertOneLineError(
                Cli.tools(on(command, file)), 2, prefix(command) + file + ": is a file, not a trace directory");
    }

    @ParameterizedTest
    @ValueSource(strings = {"inspect", "verify", "stats", "stats --json", "view", "replay", "replay --print-jvm-args"})
    void anEmptyDirectory(String command) {
        assertOneLineError(
                Cli.tools(on(command, empty)),
                2,
                prefix(command) + empty + ": not a trace directory: it has no events.rpt");
    }

    @ParameterizedTest
    @ValueSource(strings = {"inspect", "stats", "stats --json", "view", "replay", "replay --print-jvm-args"})
    void aTraceFromANewerFormatVersion(String command) {
        assertOneLineError(
                Cli.tools(on(command, newer)),
                1,
                prefix(command) + TraceFiles.events(newer)
                        + ": trace format version " + (current + 1)
                        + " is not supported; this Reprise reads versions 2 to "
                        + current);
    }

    @Test
    void verifyFailsATraceFromANewerFormatVersionFirstByItsVersion() {
        Cli.Result r = Cli.tools("verify", newer.toString());
        assertEquals(1, r.exit(), r::toString);
        assertEquals("", r.out(), r::toString);
        Cli.assertNoStackTrace(r);
        assertEquals(
                "FAILED: " + TraceFiles.events(newer) + ": trace format version " + (current + 1)
                        + " is not supported; this Reprise reads versions 2 to " + current
                        + ". Use the Reprise release that recorded the trace.",
                r.errLines().get(0),
                r::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {"inspect", "verify", "stats", "view", "replay", "replay --print-jvm-args", "record"})
    void anUnknownOption(String command) {
        String[] args = command.equals("record")
                ? new String[] {
                    "record",
                    "--frobnicate",
                    "--trace",
                    Cli.WORK.resolve("unrecorded").toString(),
                    "--",
                    "-version"
                }
                : on(command, trace.dir, "--frobnicate");
        assertOneLineError(
                Cli.tools(args),
                2,
                prefix(command) + "Unknown option: '--frobnicate'",
                "(see " + prefix(command).replace(": ", "") + " --help)");
    }

    @Test
    void aMistypedOptionGetsASuggestion() {
        assertOneLineError(
                Cli.tools("stats", "--jsn", trace.dir.toString()),
                2,
                "reprise stats: Unknown option: '--jsn'; did you mean --json?");
    }

    @Test
    void badOptionValuesAreNamed() {
        assertOneLineError(
                Cli.tools("inspect", trace.dir.toString(), "--limit", "-1"),
                2,
                "reprise inspect: --limit must be 0 or more, was -1");
        assertOneLineError(
                Cli.tools("inspect", trace.dir.toString(), "--limit", "many"),
                2,
                "reprise inspect: ",
                "--limit",
                "'many'");
        assertOneLineError(
                Cli.tools("inspect", trace.dir.toString(), "--actor", "tally"),
                2,
                "reprise inspect: ",
                "--actor",
                "'tally' is not an actor id");
        assertOneLineError(
                Cli.tools("verify", trace.dir.toString(), "--max", "-1"),
                2,
                "reprise verify: --max must be 0 or more, was -1");
    }

    @Test
    void aMissingOrExtraTraceArgument() {
        assertOneLineError(Cli.tools("stats"), 2, "reprise stats: Missing required parameter: 'DIR'");
        assertOneLineError(Cli.tools("verify", trace.dir.toString(), "other"), 2, "reprise verify: ", "'other'");
        assertOneLineError(
                Cli.tools("replay", "--print-jvm-args"), 2, "reprise replay: Missing required option: '--trace=DIR'");
        assertOneLineError(
                Cli.tools("replay", "--trace", trace.dir.toString()),
                2,
                "reprise replay: give the java command line after --");
    }

    @Test
    void aMissingOrUnknownCommand() {
        assertOneLineError(
                Cli.tools(),
                2,
                "reprise: name a command: record, replay, inspect, verify, stats, view, diff, hunt, bench");
        assertOneLineError(Cli.tools("frobnicate"), 2, "reprise: unknown command 'frobnicate'; valid: record, replay");
        assertOneLineError(Cli.tools("bench"), 2, "reprise bench: name a benchmark: agent, savina, fingerprints, sync");
        assertOneLineError(
                Cli.tools("bench", "frobnicate"),
                2,
                "reprise bench: unknown command 'frobnicate'; valid: agent, savina");
    }

    @Test
    void recordWithoutAProgram() {
        String dir = Cli.WORK.resolve("unrecorded").toString();
        assertOneLineError(
                Cli.tools("record", "--trace", dir), 2, "reprise record: give the java command line after --");
        assertOneLineError(
                Cli.tools("record", "--trace", dir, "--"), 2, "reprise record: give the java command line after --");
        assertOneLineError(
                Cli.tools("record", "--", "-version"), 2, "reprise record: Missing required option: '--trace=DIR'");
        assertTrue(Files.notExists(Path.of(dir)), "nothing recorded");
    }

    @Test
    void recordWithABadAgentOption() {
        String dir = Cli.WORK.resolve("unrecorded").toString();
        for (String bad : List.of("nonsense", "=value")) {
            assertOneLineError(
                    Cli.tools("record", "--trace", dir, "-o", bad, "--", "-version"),
                    2,
                    "reprise record: --option expects KEY=VALUE, got '" + bad + "'");
        }
        // Well-formed but unknown: the agent refuses it as the JVM starts, and names it.
        assertOneLineError(
                Cli.tools(
                        "record",
                        "--trace",
                        dir,
                        "-o",
                        "frobnicate=1",
                        "--",
                        "-cp",
                        RecordedTrace.CLASS_PATH,
                        HelloProgram.class.getName()),
                2,
                "unknown agent option 'frobnicate'",
                "bufferSize");
        // Known but with a bad value: named with the values it takes.
        assertOneLineError(
                Cli.tools(
                        "record",
                        "--trace",
                        dir,
                        "-o",
                        "sync=fsync",
                        "--",
                        "-cp",
                        RecordedTrace.CLASS_PATH,
                        HelloProgram.class.getName()),
                2,
                "sync: expected none, interval or always, was 'fsync'");
    }

    @Test
    void recordIntoAnExistingTraceOrAFile() {
        assertOneLineError(
                Cli.tools("record", "--trace", trace.dir.toString(), "--", "-version"),
                2,
                "reprise record: --trace " + trace.dir + " already holds a trace (events.rpt)");
        assertOneLineError(
                Cli.tools("record", "--trace", file.toString(), "--", "-version"),
                2,
                "reprise record: --trace " + file + " is a file");
    }

    @Test
    void aDamagedTraceIsNamedByVerifyAndShownAsFarAsReadableByTheOthers() throws Exception {
        Path damaged = trace.copy(Cli.WORK.resolve("bad/truncated"));
        Path events = TraceFiles.events(damaged);
        byte[] bytes = Files.readAllBytes(events);
        Files.write(events, Arrays.copyOf(bytes, bytes.length - 3));

        Cli.Result verify = Cli.tools("verify", damaged.toString());
        assertEquals(1, verify.exit(), verify::toString);
        Cli.assertNoStackTrace(verify);
        String first = verify.errLines().get(0);
        assertTrue(
                first.startsWith("FAILED: " + events + ": chunk ")
                        && first.contains("at byte offset")
                        && first.contains("the file ends inside the chunk"),
                verify::toString);

        Cli.Result stats = Cli.tools("stats", "--json", damaged.toString());
        assertEquals(0, stats.exit(), stats::toString);
        assertTrue(Json.parse(stats.out()) instanceof java.util.Map, stats::toString);
        assertTrue(stats.err().startsWith("warning: the trace has problems"), stats::toString);

        Cli.Result inspect = Cli.tools("inspect", damaged.toString());
        assertEquals(0, inspect.exit(), inspect::toString);
        assertTrue(inspect.out().startsWith("actor "), inspect::toString);
        assertTrue(inspect.err().startsWith("warning: the trace is damaged"), inspect::toString);
    }

    @Test
    void damagedMetadataIsNamedByVerifyAndReplay() throws Exception {
        Path damaged = trace.copy(Cli.WORK.resolve("bad/metadata"));
        Path metadata = TraceFiles.metadata(damaged);
        Files.write(metadata, new byte[] {(byte) 0xFF, (byte) 0xFE}, java.nio.file.StandardOpenOption.APPEND);
        String named = metadata + ": not UTF-8 text (the file is damaged)";

        Cli.Result verify = Cli.tools("verify", damaged.toString());
        assertEquals(1, verify.exit(), verify::toString);
        Cli.assertNoStackTrace(verify);
        assertEquals("FAILED: " + named, verify.errLines().get(0), verify::toString);

        Cli.Result replay = Cli.tools(on("replay", damaged));
        assertTrue(replay.exit() != 0, replay::toString);
        Cli.assertNoStackTrace(replay);
        assertTrue(replay.err().contains(named), replay::toString);
    }
}
