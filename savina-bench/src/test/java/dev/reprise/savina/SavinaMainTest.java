package dev.reprise.savina;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Command-line behaviour of {@link SavinaMain}. */
class SavinaMainTest {

    private record Run(int status, String out, String err) {}

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = SavinaMain.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void unknownBenchmarkIsRejectedWithTheValidNames() {
        Run r = run("--bench", "NoSuchBenchmark");
        assertEquals(SavinaMain.USAGE, r.status());
        assertTrue(r.err().contains("unknown benchmark 'NoSuchBenchmark'"), r.err());
        String validList = r.err().substring(r.err().indexOf("valid names:"));
        for (String name : Benchmarks.names()) {
            assertTrue(validList.contains(name), name + " missing from: " + r.err());
        }
    }

    @Test
    void byNameIgnoresCaseAndListsValidNames() {
        assertEquals("PingPong", Benchmarks.byName("pingpong").name());
        assertEquals(
                "UnbalancedCobwebbedTree",
                Benchmarks.byName("UNBALANCEDCOBWEBBEDTREE").name());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Benchmarks.byName("x"));
        assertTrue(e.getMessage().contains(String.join(", ", Benchmarks.names())), e.getMessage());
    }

    @Test
    void usageErrors() {
        assertEquals(SavinaMain.USAGE, run().status());
        assertEquals(
                SavinaMain.USAGE,
                run("--bench", "PingPong", "--iterations", "0").status());
        assertEquals(
                SavinaMain.USAGE,
                run("--bench", "PingPong", "--dispatcher", "many").status());
        assertEquals(
                SavinaMain.USAGE, run("--bench", "PingPong", "--frobnicate").status());
    }

    @Test
    void helpListsOptionsAndBenchmarks() {
        Run r = run("--help");
        assertEquals(SavinaMain.OK, r.status());
        for (String s : List.of("--bench", "--iterations", "--warmup", "--quick", "--dispatcher", "PingPong")) {
            assertTrue(r.out().contains(s), s);
        }
    }

    @Test
    void runPrintsOneLinePerIterationAndASummary() {
        Run r = run("--bench", "pingpong", "--quick", "--iterations", "3", "--warmup", "1", "--dispatcher", "single");
        assertEquals(SavinaMain.OK, r.status(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(6, lines.size(), r.out());
        assertTrue(lines.get(0).startsWith("# savina benchmark PingPong params quick "), lines.get(0));
        assertTrue(lines.get(1).matches("iteration 1 warmup \\d+ ok cpu \\d+"), lines.get(1));
        for (int i = 2; i <= 4; i++) {
            assertTrue(lines.get(i).matches("iteration " + i + " measured \\d+ ok cpu \\d+"), lines.get(i));
        }
        assertTrue(lines.get(5).matches("summary PingPong measured 3 median \\d+ min \\d+ max \\d+"), lines.get(5));
    }

    @Test
    void untilQuietWarmsUpWhileTheCompilersWorkThenMeasuresAndStops() {
        // Paper-size iterations (tens of ms): HotSpot counts compile time in whole milliseconds, so a
        // window of the quick ones (2 ms each) is never quiet while the test JVM compiles anything.
        Run r = run("--bench", "Counting", "--iterations", "200", "--until-quiet", "3", "--dispatcher", "single");
        assertEquals(SavinaMain.OK, r.status(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(
                lines.get(0).endsWith(" iterations 200 until-quiet 3")
                        && !lines.get(0).contains(" warmup "),
                lines.get(0));
        List<String> iterations =
                lines.stream().filter(l -> l.startsWith("iteration ")).toList();
        for (String l : iterations) {
            assertTrue(l.matches("iteration \\d+ (warmup|measured) \\d+ ok cpu \\d+ compile \\d+"), l);
        }
        List<String> measured =
                iterations.stream().filter(l -> l.contains(" measured ")).toList();
        assertEquals(3, measured.size(), r.out());
        assertEquals(
                measured,
                iterations.subList(iterations.size() - 3, iterations.size()),
                "warm-up first, then 3 measured");
        assertTrue(iterations.size() >= CompilerQuiet.WINDOW + 3, "a quiet window of warm-up at least: " + r.out());
        assertTrue(lines.get(lines.size() - 1).startsWith("summary Counting measured 3 "), r.out());
    }

    @Test
    void minWarmupKeepsAJvmWarmingUpPastTheCapUntilItsTimeIsUp() {
        Run r = run(
                "--bench",
                "Counting",
                "--quick",
                "--iterations",
                "5",
                "--until-quiet",
                "3",
                "--min-warmup",
                "2",
                "--dispatcher",
                "single");
        assertEquals(SavinaMain.OK, r.status(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).endsWith(" iterations 5 until-quiet 3 min-warmup 2"), lines.get(0));
        List<String> iterations =
                lines.stream().filter(l -> l.startsWith("iteration ")).toList();
        assertTrue(iterations.size() > 5, "past the cap of 5: " + r.out());
        String summary = lines.get(lines.size() - 1);
        long warmupNanos = iterations.stream()
                .filter(l -> l.contains(" warmup "))
                .mapToLong(l -> Long.parseLong(l.split(" ")[3]))
                .sum();
        if (summary.contains("measured 0")) { // never quiet: it warmed up for its 2 s
            assertTrue(summary.endsWith("were never quiet in 5 iterations or 2 s"), summary);
            assertTrue(warmupNanos >= 1_500_000_000L, "about 2 s of warm-up: " + warmupNanos);
        } else { // quiet in time: it measured its 3
            assertTrue(summary.startsWith("summary Counting measured 3 "), r.out());
        }
    }

    @Test
    void minWarmupWithoutUntilQuietIsAUsageError() {
        Run r = run("--bench", "Counting", "--min-warmup", "2");
        assertEquals(SavinaMain.USAGE, r.status());
        assertTrue(r.err().contains("--min-warmup needs --until-quiet"), r.err());
    }

    @Test
    void aQuietWindowNeedsTwentyIterationsWithTheCompilersUnderFivePercent() {
        CompilerQuiet q = new CompilerQuiet();
        for (int i = 0; i < CompilerQuiet.WINDOW - 1; i++) {
            assertFalse(q.add(1_000, 0), "fewer than a window");
        }
        assertFalse(q.add(1_000, 1_001), "5.005% of the window's time compiling");
        for (int i = 0; i < CompilerQuiet.WINDOW - 1; i++) {
            assertFalse(q.add(1_000, 0), "the busy iteration is still in the window");
        }
        assertTrue(q.add(1_000, 50), "0.25%");
    }

    @Test
    void medianOfEvenAndOddCounts() {
        assertEquals(2, SavinaMain.median(new long[] {1, 2, 9}));
        assertEquals(5, SavinaMain.median(new long[] {1, 4, 6, 9}));
    }
}
