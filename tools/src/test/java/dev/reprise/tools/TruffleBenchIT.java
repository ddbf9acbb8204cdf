package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code ./reprise bench truffle} as users run it, on a tiny size: its progress lines, its report
 * (a row per benchmark with the A/A floor, the recorded figures when this build of Tide records,
 * the compilation evidence), and a benchmark whose result check fails stopping it with an error
 * that names the benchmark and the check.
 */
class TruffleBenchIT {
    private static final Path TRUFFLE = Cli.ROOT.resolve("runtime/truffle");
    private static final Path WORK = Cli.ROOT.resolve("tools/target/truffle-it");

    @BeforeAll
    static void requireTruffle() throws Exception {
        assertTrue(
                Files.isRegularFile(Cli.TOOLS_JAR),
                Cli.TOOLS_JAR + " is missing: these tests run after the package phase");
        assertTrue(
                Files.isDirectory(TRUFFLE.resolve("target/lib")),
                "runtime/truffle is not packaged: a full build "
                        + "(./reprise test, mvn verify) packages it before the tools; with -pl tools, package it first: "
                        + "mvn -pl runtime/truffle -am package -DskipTests");
        Cli.deleteTree(WORK);
        Files.createDirectories(WORK);
    }

    @Test
    void aTinyRunReportsTheFloorTheRecordingAndTheEvidence() throws Exception {
        Path out = WORK.resolve("report");
        Cli.Result r = Cli.script(
                Cli.PACKAGED,
                "bench",
                "truffle",
                "--only",
                "PingPong,PromiseRace",
                "--pairs",
                "2",
                "--iterations",
                "4",
                "--quick",
                "--out",
                out.toString());
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.out().contains("left] PingPong: untraced, pair 2/2"), r::toString);
        assertTrue(r.out().contains("left] PromiseRace: untraced, pair 1/2"), r::toString);
        String md = Files.readString(out.resolve("report.md"));
        List<String> csv = Files.readAllLines(out.resolve("report.csv"));
        assertEquals(3, csv.size(), csv::toString);
        Map<String, String> pingPong = row(csv, 1);
        assertTrue(md.contains("| PingPong | 10000 | "), md);
        assertTrue(md.contains("| PromiseRace | 3000 | "), md);
        assertTrue(md.contains("## Specialisation evidence"), md);
        assertTrue(
                md.matches(
                        "(?s).*\\| PingPong \\| \\d+ compiled, 0 failed, \\d+ deopt, \\d+ invalidated, \\d+ width widenings?, \\d+ switch respecialisations? in 2 JVMs \\|.*"),
                md);
        assertTrue(Double.parseDouble(pingPong.get("floor_ratio")) > 0, "the A/A floor: " + pingPong);
        assertEquals("0", pingPong.get("quiet_jvms"), "quick JVMs end before their compilers are quiet: " + pingPong);
        if (r.out().contains("untraced and recorded arms")) {
            assertTrue(Double.parseDouble(pingPong.get("record_ratio")) > 0, "record/untraced: " + pingPong);
            assertTrue(Double.parseDouble(pingPong.get("bytes_per_message")) > 0, "bytes per message: " + pingPong);
            assertTrue(r.out().contains("left] PingPong: recorded, pair 1/2"), r::toString);
            assertTrue(r.out().contains("left] PingPong: replay of the recorded JVM's trace, pair 2/2"), r::toString);
            assertTrue(
                    md.contains("all passed") && md.contains("Over 2 benchmarks: recording overhead geometric mean"),
                    md);
            // the recorded traces' census of tracing nodes: ping-pong's creations never switch actors
            assertTrue(
                    md.matches(
                            "(?s).*\\| PingPong \\| [^|]*message oneByte \\d+[^|]*\\| anySender \\d+ \\| [^|]*creation sameActor \\d+.*"),
                    md);
        } else {
            assertTrue(md.contains("this build of Tide cannot record (no tide.Record option)"), md);
            assertTrue(md.contains("No recording overhead was measured"), md);
            assertEquals("", pingPong.get("record_ratio"), "no record/untraced ratio without recording: " + pingPong);
        }
    }

    @Test
    void aFullSizeJvmWarmsUpUntilItsCompilersAreQuietThenMeasuresAndStops() throws Exception {
        Path out = WORK.resolve("quiet");
        Cli.Result r = Cli.script(
                Cli.PACKAGED,
                "bench",
                "truffle",
                "--only",
                "PingPong",
                "--pairs",
                "1",
                "--measured",
                "3",
                "--out",
                out.toString());
        assertEquals(0, r.exit(), r::toString);
        Map<String, String> pingPong = row(Files.readAllLines(out.resolve("report.csv")), 1);
        int jvms = Integer.parseInt(pingPong.get("jvms"));
        assertEquals(r.out().contains("untraced and recorded arms") ? 2 : 1, jvms, pingPong::toString);
        assertEquals(
                Integer.toString(jvms),
                pingPong.get("quiet_jvms"),
                "every JVM's compilers went quiet within 600 " + "iterations: " + pingPong);
        int warmup = Integer.parseInt(pingPong.get("warmup_iterations"));
        // the quiet window itself is warm-up; a JVM that measured 3 and stopped ran fewer than the 600 allowed
        assertTrue(warmup >= 20 && warmup <= 597, "warm-up " + warmup + ": " + pingPong);
        assertEquals("3", pingPong.get("measured_iterations"), pingPong::toString);
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("(" + jvms + " of " + jvms + " quiet)"), md);
        assertTrue(
                md.contains("A/A floor: not measured (it needs at least 2 pairs), so these ratios cannot be told apart "
                        + "from noise."),
                md);
        if (jvms == 2) {
            assertEquals("true", pingPong.get("replay_passed"), pingPong::toString);
        }
    }

    /** Row {@code n} of a report's CSV, by column name. */
    private static Map<String, String> row(List<String> csv, int n) {
        String[] names = csv.get(0).split(",", -1);
        String[] cells = csv.get(n).split(",", -1);
        assertEquals(names.length, cells.length, csv::toString);
        Map<String, String> row = new LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) {
            row.put(names[i], cells[i]);
        }
        return row;
    }

    @Test
    void aFailedResultCheckStopsTheBenchNamingTheBenchmarkAndTheCheck() throws Exception {
        // The built module, with a PingPong whose check fails.
        Path fake = WORK.resolve("fake-truffle");
        Files.createDirectories(fake.resolve("target"));
        for (String dir : List.of("lib", "compiler", "classes")) {
            Files.createSymbolicLink(
                    fake.resolve("target").resolve(dir),
                    TRUFFLE.resolve("target").resolve(dir));
        }
        Path programs = Files.createDirectories(fake.resolve("src/test/tide/savina"));
        Files.writeString(
                programs.resolve("pingpong.tide"),
                "var hits = 3;\nif (hits != 4) {\n"
                        + "  fail(\"PingPong: pong was hit \" + hits + \" times, expected 4\");\n}\nprint(\"PingPong ok\");\n");
        Cli.Result r = Cli.tools(
                "bench",
                "truffle",
                "--truffle",
                fake.toString(),
                "--only",
                "PingPong",
                "--pairs",
                "1",
                "--iterations",
                "2",
                "--out",
                WORK.resolve("failed").toString());
        assertNotEquals(0, r.exit(), r::toString);
        assertTrue(
                r.err()
                        .contains("PingPong (untraced) failed with exit code 1: error: pingpong.tide iteration 1: "
                                + "pingpong.tide:3:3: in actor 1 (main): PingPong: pong was hit 3 times, expected 4"),
                r::toString);
        assertTrue(!r.err().contains("\tat "), "no stack trace: " + r);
    }

    @Test
    void withoutTheGraalCompilerTheBenchRefusesToMeasureTheInterpreter() throws Exception {
        Path fake = WORK.resolve("no-compiler");
        Files.createDirectories(fake.resolve("target/compiler"));
        for (String dir : List.of("lib", "classes")) {
            Files.createSymbolicLink(
                    fake.resolve("target").resolve(dir),
                    TRUFFLE.resolve("target").resolve(dir));
        }
        Files.createDirectories(fake.resolve("src/test/tide"));
        Files.createSymbolicLink(fake.resolve("src/test/tide/savina"), TRUFFLE.resolve("src/test/tide/savina"));
        Cli.Result r = Cli.tools(
                "bench",
                "truffle",
                "--truffle",
                fake.toString(),
                "--only",
                "PingPong",
                "--pairs",
                "1",
                "--out",
                WORK.resolve("interpreted").toString());
        assertEquals(2, r.exit(), r::toString);
        assertTrue(
                r.err()
                        .contains("the Tide JVM runs Truffle's interpreter only (no Graal compiler): is "
                                + fake.resolve("target/compiler") + " the Graal compiler"),
                r::toString);
    }

    @Test
    void badOptionsAreRefusedNamingTheOption() {
        Cli.Result pairs = Cli.tools("bench", "truffle", "--truffle", TRUFFLE.toString(), "--pairs", "0");
        assertEquals(2, pairs.exit(), pairs::toString);
        assertTrue(pairs.err().contains("--pairs must be at least 1, was 0"), pairs::toString);
        Cli.Result only = Cli.tools("bench", "truffle", "--truffle", TRUFFLE.toString(), "--only", "Fibonacci");
        assertEquals(2, only.exit(), only::toString);
        assertTrue(
                only.err().contains("--only: unknown benchmark 'Fibonacci'; valid: PingPong, Counting,"),
                only::toString);
        Cli.Result missing = Cli.tools(
                "bench", "truffle", "--truffle", WORK.resolve("nowhere").toString());
        assertEquals(2, missing.exit(), missing::toString);
        assertTrue(
                missing.err()
                        .contains("--truffle: " + WORK.resolve("nowhere/target/lib") + " is missing: build the "
                                + "module first (mvn -pl runtime/truffle -am package -DskipTests)"),
                missing::toString);
    }
}
