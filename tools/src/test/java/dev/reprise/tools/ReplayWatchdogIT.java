package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.PausingProgram;
import dev.reprise.programs.SleepyTurnProgram;
import dev.reprise.programs.stuck.BlockedAskProgram;
import dev.reprise.programs.stuck.BusyTickerProgram;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A replay that no longer follows its trace is reported after the quiet time (2 s here; each run
 * is killed and fails after 90 s) even when a turn is blocked on an ask whose answer the replay
 * holds back, or when a live actor keeps running beside the stuck ones; a {@code main} that sleeps
 * longer than the quiet time, as it did in the recording, is waited for.
 */
class ReplayWatchdogIT {
    @BeforeAll
    static void packaged() {
        Cli.requireJars();
    }

    @Test
    void aTurnBlockedOnAnAskTheReplayHoldsBackIsReported() throws Exception {
        Path trace = RecordedPrograms.folder("watchdog-blocked").resolve("trace");
        Cli.Result recorded = RecordedPrograms.record(trace, BlockedAskProgram.class, "via-checker");
        assertTrue(recorded.out().contains("balance 42"), recorded::toString);

        Cli.Result replayed = RecordedPrograms.replay(
                trace, List.of("--quiet", "2s", "--allow-changed-program"), BlockedAskProgram.class, "direct");
        assertEquals(86, replayed.exit(), replayed::toString);
        String report = String.join("\n", RecordedPrograms.report(replayed));
        assertTrue(
                report.contains("first difference: /user/asker") && report.contains("has been blocked in its turn"),
                report);
        assertTrue(
                report.contains("at java.base/jdk.internal.misc.Unsafe.park") // where it waits, and the program's
                        // frames
                        && report.contains("at dev.reprise.programs.stuck.BlockedAskProgram$Asker.ask("),
                report);
        assertTrue(
                report.contains("actor: /user/bank") && report.contains("expected next: message from /user/checker"),
                report);
    }

    @Test
    void aLiveActorThatKeepsTickingDoesNotHideTheStuckOnes() throws Exception {
        Path trace = RecordedPrograms.folder("watchdog-ticking").resolve("trace");
        Cli.Result recorded = RecordedPrograms.record(trace, BusyTickerProgram.class, "greet");
        assertTrue(recorded.out().contains("sink got 120 strings"), recorded::toString);

        Cli.Result replayed = RecordedPrograms.replay(
                trace, List.of("--quiet", "2s", "--live", "--allow-changed-program"), BusyTickerProgram.class, "skip");
        assertEquals(86, replayed.exit(), replayed::toString);
        String report = String.join("\n", RecordedPrograms.report(replayed));
        assertTrue(report.contains("no actor can make progress") && report.contains("actor: /user/sink"), report);
    }

    @Test
    void aMainThatSleepsLongerThanTheQuietTimeIsAWaitNotADivergence() throws Exception {
        Path trace = RecordedPrograms.folder("watchdog-pause").resolve("trace");
        String pause = "6000"; // three quiet times: the printer waits for the second round's workers meanwhile
        Cli.Result recorded = RecordedPrograms.record(trace, PausingProgram.class, pause);
        List<String> printed =
                recorded.out().lines().filter(l -> l.contains(" line ")).toList();
        assertEquals(20, printed.size(), recorded::toString);

        Cli.Result replayed = RecordedPrograms.replay(trace, List.of("--quiet", "2s"), PausingProgram.class, pause);
        assertEquals(0, replayed.exit(), replayed::toString);
        assertEquals(
                printed,
                replayed.out().lines().filter(l -> l.contains(" line ")).toList(),
                replayed::toString);
        assertEquals(
                1,
                replayed.err()
                        .lines()
                        .filter(l -> l.contains("but thread main sleeps: the program waits by itself"))
                        .count(),
                replayed::toString);
    }

    @Test
    void aTurnThatSleepsLongerThanTheQuietTimeIsAWaitNotADivergence() throws Exception {
        Path trace = RecordedPrograms.folder("watchdog-sleepy-turn").resolve("trace");
        String sleep = "6000"; // three quiet times, while the other caller's requests wait in the clerk's mailbox
        Cli.Result recorded = RecordedPrograms.record(trace, SleepyTurnProgram.class, sleep);
        List<String> served =
                recorded.out().lines().filter(l -> l.startsWith("served ")).toList();
        assertEquals(6, served.size(), recorded::toString);

        Cli.Result replayed = RecordedPrograms.replay(trace, List.of("--quiet", "2s"), SleepyTurnProgram.class, sleep);
        assertEquals(0, replayed.exit(), replayed::toString);
        assertEquals(
                served,
                replayed.out().lines().filter(l -> l.startsWith("served ")).toList(),
                replayed::toString);
        assertTrue(
                replayed.err().contains("but the turn of /user/clerk (")
                        && replayed.err().contains(") sleeps (thread "),
                replayed::toString);
    }
}
