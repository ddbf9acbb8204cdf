package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.samples.ChangedProgram;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A recording with fingerprints ({@code -o fingerprints=true}) replayed with a changed program
 * ({@link ChangedProgram}: a message class renamed, a send added, a child created elsewhere)
 * through {@code ./reprise record} and {@code ./reprise replay} child processes. Each replay of a
 * changed program must stop with a divergence found by the recorded fingerprints or the turn
 * checks, never by waiting: the replay runs with a quiet time of 60 s, so a divergence noticed only
 * because nothing moves any more says "no actor can make progress", which fails the test. The
 * unchanged program replays to its output.
 */
@Tag("samples")
class ChangedProgramIT {
    static final int RUNS = 3;
    private static final List<String> FINGERPRINTS = List.of("-o", "fingerprints=true");

    @BeforeAll
    static void packaged() {
        Cli.requireJars();
    }

    @Test
    void everyChangeIsCaughtAtItsFirstDifferenceAndTheOriginalReplaysExactly() throws Exception {
        Path dir = RecordedPrograms.folder("changed-program");
        for (int run = 1; run <= RUNS; run++) {
            Path trace = dir.resolve("run" + run);
            List<String> recorded = recordOriginal(trace, FINGERPRINTS);

            Cli.Result refused = RecordedPrograms.replay(trace, List.of(), ChangedProgram.class, "renamed");
            assertEquals(2, refused.exit(), refused::toString);
            assertTrue(
                    refused.err()
                            .contains("recorded another command line: its arguments were [original], this run's are "
                                    + "[renamed]. Replay it with the recorded one"),
                    refused::toString);
            assertFalse(refused.out().contains("Ping"), refused::toString); // refused before the program ran
            if (run == 1) { // another class path (an IDE's, say): one warning line, and the replay goes on
                Path extra = Files.createDirectories(dir.resolve("extra-classes"));
                Cli.Result otherPath = Cli.script(
                        Cli.PACKAGED,
                        "replay",
                        "--trace",
                        trace.toString(),
                        "--",
                        "-cp",
                        SampleRuns.programClassPath(ChangedProgram.class) + java.io.File.pathSeparator + extra,
                        ChangedProgram.class.getName(),
                        "original");
                assertEquals(0, otherPath.exit(), otherPath::toString);
                assertEquals(recorded, lines(otherPath), otherPath::toString);
                assertEquals(
                        1,
                        otherPath
                                .err()
                                .lines()
                                .filter(l -> l.contains("the class path or its classes differ from the recording's"))
                                .count(),
                        otherPath::toString);
            }

            Cli.Result renamed = replay(trace, "renamed");
            assertDiverged(
                    renamed,
                    "/user/hub",
                    "is a message of another class than when recorded: this replay has a "
                            + ChangedProgram.class.getName() + "$Pong");
            assertPrefix(recorded, renamed); // stopped before the hub handled the renamed message
            if (run == 1) { // unchecked, the renamed message goes through in the Ping's place
                Cli.Result unchecked = RecordedPrograms.replay(
                        trace,
                        List.of("--no-fingerprints", "--allow-changed-program"),
                        ChangedProgram.class,
                        "renamed");
                assertEquals(0, unchecked.exit(), unchecked::toString);
                assertTrue(
                        lines(unchecked).stream().anyMatch(l -> l.endsWith(": Pong 10 from worker 2")),
                        unchecked::toString);
            }

            Cli.Result extraSend = replay(trace, "extra-send");
            assertDiverged(extraSend, "/user/worker1", "the turn of its event 1 (");
            // in its fingerprint (modulo 7), or in full when the turn outlived its chunk
            assertTrue(
                    extraSend.err().contains("sent 21 messages, 0 modulo 7; when recorded, the count was 6 modulo 7")
                            || extraSend.err().contains("sent 21 messages; when recorded it sent 20."),
                    extraSend::toString);

            // Both actors differ: worker0 creates a child it did not, the hub does not create (nor tell) the one it
            // did.
            // Which of them the replay reaches first is the schedule's choice; either is the first difference.
            Cli.Result childElsewhere = replay(trace, "child-elsewhere");
            if (childElsewhere.err().contains("first difference: /user/hub ")) {
                assertDiverged(childElsewhere, "/user/hub", "the turn of its event 1 (");
            } else {
                assertDiverged(
                        childElsewhere, "/user/worker0", "its event 2: it created an actor, but the trace expects");
            }
        }
    }

    @Test
    void aTurnThatOutlivesItsChunkKeepsItsExactSendCount() throws Exception {
        // Flushed every 5 ms, each worker's turn (20 sends, pausing up to 2 ms between them) outlives its chunk.
        Path trace = RecordedPrograms.folder("changed-program-flushed").resolve("trace");
        recordOriginal(trace, List.of("-o", "fingerprints=true", "-o", "flushInterval=5ms"));
        assertDiverged(replay(trace, "extra-send"), "/user/worker1", "sent 21 messages; when recorded it sent 20.");
    }

    /** Records the original program; its unchanged replay must print the same lines. Returns them. */
    private static List<String> recordOriginal(Path trace, List<String> options) {
        Cli.Result record = RecordedPrograms.record(trace, options, ChangedProgram.class, "original");
        List<String> recorded = lines(record);
        assertTrue(recorded.contains("all 60 pings received"), record::toString);
        Cli.Result same = replay(trace, "original");
        assertEquals(0, same.exit(), same::toString);
        assertEquals(recorded, lines(same), same::toString);
        return recorded;
    }

    private static Cli.Result replay(Path trace, String version) {
        List<String> options = version.equals("original")
                ? List.of("--quiet", "60s")
                : List.of("--quiet", "60s", "--allow-changed-program");
        return RecordedPrograms.replay(trace, options, ChangedProgram.class, version);
    }

    /** Its output without what no replay controls (Akka's log timestamps and threads). */
    private static List<String> lines(Cli.Result r) {
        return SampleRuns.normalise(r.out().lines().toList());
    }

    /** Exit 86 with a report whose first difference is in {@code actor} (where the program changed) and says {@code phrase}. */
    private static void assertDiverged(Cli.Result r, String actor, String phrase) {
        assertEquals(86, r.exit(), r::toString);
        String err = r.err();
        assertTrue(err.contains("REPLAY DIVERGED"), r::toString);
        assertFalse(err.contains("no actor can make progress"), r::toString);
        assertTrue(err.contains("first difference: " + actor + " "), r::toString);
        assertTrue(err.contains(phrase), r::toString);
    }

    /** What the diverged replay printed is what the recording printed, up to where it stopped. */
    private static void assertPrefix(List<String> recorded, Cli.Result r) {
        List<String> out = lines(r);
        assertTrue(
                out.size() < recorded.size() && recorded.subList(0, out.size()).equals(out), r::toString);
    }
}
