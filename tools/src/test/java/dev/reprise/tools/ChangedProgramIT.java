package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.samples.ChangedProgram;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A recording with fingerprints ({@code -o fingerprints=true}) replayed with a changed program
 * ({@link ChangedProgram}: a message class renamed, a send added, a child created elsewhere)
 * through {@code ./reprise record} and {@code ./reprise replay} child processes. Each replay of a changed program must stop with a divergence found by
 * the recorded fingerprints or the turn checks, never by waiting: the replay runs with a quiet
 * time of 60 s and is killed after {@value #LIMIT_SECONDS} s, so a divergence noticed only
 * because nothing moves any more fails the test. The unchanged program replays to its output.
 */
@Tag("samples")
class ChangedProgramIT {
    static final int RUNS = 3;
    static final int LIMIT_SECONDS = 40;
    private static final Path WORK = Cli.ROOT.resolve("tools/target/changed-program-it");

    @BeforeAll
    static void packaged() {
        Cli.requireJars();
    }

    @Test
    void everyChangeIsCaughtAtItsFirstDifferenceAndTheOriginalReplaysExactly() throws Exception {
        Cli.deleteTree(WORK);
        for (int run = 1; run <= RUNS; run++) {
            Path dir = Files.createDirectories(WORK.resolve("run" + run));
            Path trace = dir.resolve("trace");
            ScriptRun record = script(dir, "record", "record", "--trace", trace.toString(), "-o", "fingerprints=true",
                    "--", "-cp", AkkaSamplesIT.programClassPath(), ChangedProgram.class.getName(), "original");
            assertEquals(0, record.exit(), record::show);
            List<String> recorded = AkkaSamplesIT.normalise(record.out());
            assertTrue(recorded.contains("all 60 pings received"), record::show);

            ScriptRun same = replay(dir, trace, "original");
            assertEquals(0, same.exit(), same::show);
            assertEquals(recorded, AkkaSamplesIT.normalise(same.out()), same::show);

            ScriptRun renamed = replay(dir, trace, "renamed");
            assertDiverged(renamed, "/user/hub", "is a message of another class than when recorded: this replay has a "
                    + ChangedProgram.class.getName() + "$Pong");
            assertPrefix(recorded, renamed); // stopped before the hub handled the renamed message
            if (run == 1) { // unchecked, the renamed message goes through in the Ping's place
                ScriptRun unchecked = script(dir, "replay-renamed-unchecked", "replay", "--no-fingerprints", "--trace",
                        trace.toString(), "--", "-cp", AkkaSamplesIT.programClassPath(), ChangedProgram.class.getName(),
                        "renamed");
                assertEquals(0, unchecked.exit(), unchecked::show);
                assertTrue(AkkaSamplesIT.normalise(unchecked.out()).stream().anyMatch(l -> l.endsWith(": Pong 10 from worker 2")),
                        unchecked::show);
            }

            ScriptRun extraSend = replay(dir, trace, "extra-send");
            assertDiverged(extraSend, "/user/worker1", "the turn of its event 1 (");
            // in its fingerprint (modulo 7), or in full when the turn outlived its chunk
            assertTrue(extraSend.err().contains("sent 21 messages, 0 modulo 7; when recorded, the count was 6 modulo 7")
                    || extraSend.err().contains("sent 21 messages; when recorded it sent 20."), extraSend::show);

            ScriptRun childElsewhere = replay(dir, trace, "child-elsewhere");
            assertDiverged(childElsewhere, "/user/worker0", "its event 2: it created an actor, but the trace expects");
        }
    }

    private static ScriptRun replay(Path dir, Path trace, String version) throws Exception {
        return script(dir, "replay-" + version, "replay", "--quiet", "60s", "--trace", trace.toString(), "--", "-cp",
                AkkaSamplesIT.programClassPath(), ChangedProgram.class.getName(), version);
    }

    private static ScriptRun script(Path dir, String what, String... args) throws Exception {
        return ScriptRun.run(dir, what, null, Duration.ofSeconds(LIMIT_SECONDS), args);
    }

    /** Exit 86 with a report whose first actor is {@code actor} (where the program changed) and that says {@code phrase}. */
    private static void assertDiverged(ScriptRun r, String actor, String phrase) {
        assertEquals(86, r.exit(), r::show);
        String err = r.err();
        assertTrue(err.contains("REPLAY DIVERGED"), r::show);
        assertFalse(err.contains("no actor can make progress"), r::show);
        assertTrue(err.contains("first difference: " + actor + " "), r::show);
        assertTrue(err.contains(phrase), r::show);
    }

    /** What the diverged replay printed is what the recording printed, up to where it stopped. */
    private static void assertPrefix(List<String> recorded, ScriptRun r) {
        List<String> out = AkkaSamplesIT.normalise(r.out());
        assertTrue(out.size() < recorded.size() && recorded.subList(0, out.size()).equals(out), r::show);
    }
}
