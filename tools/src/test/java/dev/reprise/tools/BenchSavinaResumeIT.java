package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code ./reprise bench savina} as users run it: the packaged jars through the script, in child
 * processes. Stopped with SIGTERM, it stops the benchmark JVM it was running; {@code --resume} keeps
 * the benchmark that had finished and measures the rest, under the dispatchers asked for; resuming
 * with other options is refused,
 * naming the saved file. At full size each JVM warms up until its compilers are quiet, the peers
 * run and the recording is replayed in the first block only, and the replay runs the recording's
 * iterations.
 */
class BenchSavinaResumeIT {
    private static final Path WORK = Cli.WORK.resolve("savina-resume");

    @Test
    void aStoppedRunStopsItsJvmsAndResumesWhereItStopped() throws Exception {
        Cli.requireJars();
        Cli.deleteTree(WORK);
        Path out = WORK.resolve("report");
        List<String> args = List.of(
                "bench", "savina", "--quick", "--only", "PingPong,Counting", "--pairs", "1", "--out", out.toString());

        Process first = Cli.start(args, WORK.resolve("first.txt"));
        Path pingPongSingle = out.resolve("saved/PingPong-single.txt");
        List<ProcessHandle> children = List.of();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (children.isEmpty() || !Files.isRegularFile(pingPongSingle)) {
            if (!first.isAlive() || System.nanoTime() > deadline) {
                first.descendants().forEach(ProcessHandle::destroyForcibly);
                first.destroyForcibly();
                fail("no benchmark JVM running after PingPong was saved: "
                        + Files.readString(WORK.resolve("first.txt")));
            }
            Thread.sleep(20);
            children = Files.isRegularFile(pingPongSingle) ? first.descendants().toList() : List.of();
        }
        first.destroy(); // SIGTERM, as a CI time-out or kill sends it
        assertTrue(first.waitFor(60, TimeUnit.SECONDS), "the bench ends on SIGTERM");
        for (ProcessHandle child : children) {
            assertTrue(
                    child.onExit().completeOnTimeout(null, 30, TimeUnit.SECONDS).get() != null,
                    () -> "a benchmark JVM outlived the stopped bench: "
                            + child.info().commandLine().orElse("?"));
        }
        String stopped = Files.readString(WORK.resolve("first.txt"));
        assertTrue(
                stopped.contains("Each is saved in " + out.resolve("saved") + " as it finishes: if the run stops, "
                        + "--resume continues it."),
                stopped);

        // One dispatcher first: the saved PingPong row is kept, Counting is measured under it alone.
        List<String> single = new ArrayList<>(args);
        single.addAll(List.of("--dispatcher", "single", "--resume"));
        String one = Cli.assertSuccess(Cli.script(Cli.PACKAGED, single.toArray(String[]::new)))
                .out();
        assertTrue(one.contains("Savina: 2 benchmark(s) x the single dispatcher x 1 pair(s) of JVMs"), one);
        assertTrue(
                one.contains(
                        "Resuming: 1 of them measured earlier (saved in " + out.resolve("saved") + "), 1 to measure."),
                one);
        assertTrue(one.contains("[1/1] Counting single pair 1/1"), one);
        assertFalse(one.contains(" default pair "), "nothing under the default dispatcher: " + one);
        String oneReport = Files.readString(out.resolve("report.md"));
        assertTrue(oneReport.contains("## Dispatcher: one thread (pinned)"), oneReport);
        assertFalse(oneReport.contains("## Dispatcher: Akka default dispatcher"), oneReport);

        List<String> resume = new ArrayList<>(args);
        resume.add("--resume");
        String resumed = Cli.assertSuccess(Cli.script(Cli.PACKAGED, resume.toArray(String[]::new)))
                .out();
        assertTrue(
                resumed.contains(
                        "Resuming: 2 of them measured earlier (saved in " + out.resolve("saved") + "), 2 to measure."),
                resumed);
        assertTrue(
                resumed.matches("(?s).*\\nPingPong +single +record/base .* replay ok  \\(measured earlier\\)\\n.*"),
                resumed);
        assertFalse(resumed.contains(" single pair "), "nothing under one thread is measured again: " + resumed);
        for (String measured : List.of("[1/2] PingPong default pair 1/1", "[2/2] Counting default pair 1/1")) {
            assertTrue(resumed.contains(measured), () -> measured + ": " + resumed);
        }
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(
                report.contains("The run was resumed (--resume): 2 of its 4 rows were measured by earlier invocations "
                        + "that stopped"),
                report);
        assertEquals(5, Files.readAllLines(out.resolve("report.csv")).size(), "a header and four rows");

        List<String> other = new ArrayList<>(resume);
        other.set(other.indexOf("--pairs") + 1, "2");
        Cli.assertOneLineError(
                Cli.script(Cli.PACKAGED, other.toArray(String[]::new)),
                2,
                "--resume: " + out.resolve("saved/PingPong-single.txt")
                        + " was measured with other settings (quick=true pairs=1 ",
                "run without --resume to start afresh");
    }

    @Test
    void aFullSizeRunWarmsEachJvmUpUntilItsCompilersAreQuietAndReplaysAsManyIterations() throws Exception {
        Cli.requireJars();
        Path out = WORK.resolve("quiet");
        Cli.deleteTree(out);
        // Its JVMs (2 dispatchers x 2 pairs, the peers, the replays) each warm up for at least 10 s: on a shared
        // machine the run takes about the 90 s other commands are given.
        Cli.Result r = Cli.assertSuccess(Cli.script(
                Duration.ofMinutes(5),
                Cli.PACKAGED,
                "bench",
                "savina",
                "--only",
                "Counting",
                "--pairs",
                "2",
                "--iterations",
                "25",
                "--measured",
                "3",
                "--peers",
                "jfr,uncoded",
                "--out",
                out.toString()));
        assertTrue(
                r.out()
                        .contains("each warming up until its compilers are quiet, then measuring 3 iterations (at most "
                                + "25 in all, unless still warming up in the first 10 s); peers: uncoded,jfr in the first "
                                + "block; recordings replayed in the first block;"),
                r::toString);
        for (String dispatcher : List.of("single", "default")) {
            assertTrue(
                    r.out().matches("(?s).*Counting " + dispatcher + " pair 1/2: record/base [0-9.]+, replay ok;.*"),
                    r::toString);
            assertTrue(
                    r.out().matches("(?s).*Counting " + dispatcher + " pair 2/2: record/base [0-9.]+, not replayed;.*"),
                    r::toString);
        }
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("Each JVM warms up until HotSpot's compilers are quiet"), report);
        assertTrue(report.contains("The uncoded arm is Reprise's recording with the writer's coding off"), report);
        assertTrue(
                report.contains(
                        " Peers run in the first block; a peer whose JVM failed or ran over 30 minutes is left out of that block (a dash where no block has it). Recordings are replayed in the first block; "),
                report);
        List<String> csv = Files.readAllLines(out.resolve("report.csv"));
        List<String> header = List.of(csv.get(0).split(","));
        for (String row : csv.subList(1, csv.size())) {
            String[] cells = row.split(",", -1);
            assertEquals("4", cells[header.indexOf("jvms")], "baseline and recorded, two blocks: " + row);
            assertFalse(cells[header.indexOf("jfr_ratio")].isEmpty(), "the peer of the first block: " + row);
            assertFalse(
                    cells[header.indexOf("uncoded_ratio")].isEmpty(),
                    "the uncoded recording of the first block: " + row);
            // Counting's trace is one message repeated: coding shrinks it many times on one thread (about 30
            // times); on the default dispatcher, thread switches add subtraces that code less well and differ
            // from run to run (2.6 to 3.2 times measured at this size), so the bound there is 2.
            double coded = Double.parseDouble(cells[header.indexOf("bytes_per_message")]);
            double uncoded = Double.parseDouble(cells[header.indexOf("uncoded_bytes_per_message")]);
            double shrinks = "single".equals(cells[header.indexOf("dispatcher")]) ? 3 : 2;
            assertTrue(uncoded > shrinks * coded, "the uncoded trace is larger: " + row);
            assertEquals(
                    "true",
                    cells[header.indexOf("replay_passed")],
                    "the replay ran the recording's iterations: " + row);
        }
        assertEquals(3, csv.size(), "a header and a row per dispatcher: " + csv);
    }

    @Test
    void optionsThatLeaveNothingToMeasureAreRefused() {
        Cli.requireJars();
        Cli.assertOneLineError(
                Cli.script(Cli.PACKAGED, "bench", "savina", "--only", "Counting", "--iterations", "40"),
                2,
                "--iterations 40 leaves no room to measure",
                "give at least 50");
        Cli.assertOneLineError(
                Cli.script(Cli.PACKAGED, "bench", "savina", "--quick", "--measured", "5"),
                2,
                "--measured: quick runs measure every iteration");
        Cli.assertOneLineError(
                Cli.script(Cli.PACKAGED, "bench", "savina", "--pairs", "2", "--peer-pairs", "3"),
                2,
                "--peer-pairs must be from 1 to --pairs (2), was 3");
        Cli.assertOneLineError(
                Cli.script(Cli.PACKAGED, "bench", "savina", "--peers", "uncoded,frob"),
                2,
                "--peers: unknown peer 'frob'; valid: uncoded, content, jfr, log, none");
        Cli.assertOneLineError(
                Cli.script(Cli.PACKAGED, "bench", "savina", "--dispatcher", "single,frob"),
                2,
                "--dispatcher: unknown dispatcher 'frob'; valid: single, default");
    }
}
