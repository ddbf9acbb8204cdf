package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.BalancingProgram;
import dev.reprise.programs.CountingProgram;
import dev.reprise.programs.EndingsProgram;
import dev.reprise.programs.ExtensionRaceProgram;
import dev.reprise.programs.RacyProgram;
import dev.reprise.programs.StaleTicksProgram;
import dev.reprise.programs.StashedInputProgram;
import dev.reprise.programs.SupervisionOrderProgram;
import dev.reprise.programs.SupervisionProgram;
import dev.reprise.programs.SystemCallProgram;
import dev.reprise.programs.TimersAndInputProgram;
import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.TraceFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Racy actor programs recorded several times (with different results), each recording replayed;
 * and traces a replay must refuse or stop on. {@link FutureReplayIT} has the programs of futures.
 */
class ReplayIT {
    @TempDir
    Path tmp;

    /** What a run of the program computed, as the test compares it. */
    private static String racyResult(RecordedRun r) {
        return r.line("result ");
    }

    private static String valuesOf(RecordedRun r) {
        List<String> keep = new ArrayList<>();
        for (String l : r.out) {
            // A clock read outside any actor is not recorded, by design; Akka's log lines carry times and threads.
            if (!l.startsWith("outside millis") && !l.startsWith("[")) {
                keep.add(l);
            }
        }
        keep.sort(null);
        return String.join("\n", keep);
    }

    @Test
    void racingWorkersCreationsAndOutsideThreadsReplayTheirRecordingEveryTime() throws Exception {
        List<String> results = RacyRuns.recordAndReplay(tmp, RacyProgram.class, 4, ReplayIT::racyResult);
        assertTrue(new HashSet<>(results).size() > 1, "the racy program should give different results: " + results);
    }

    @Test
    void anActorThatAnExtensionMakesOnFirstUseGetsItsIdWhicheverTurnUsesItFirst() throws Exception {
        // The workers race to make /system/registry: in replay another worker may get there first.
        RacyRuns.recordAndReplay(
                tmp, ExtensionRaceProgram.class, 3, r -> String.join(",", r.lines("registered ")) + r.lines("total "));
    }

    @Test
    void systemCallsAreRecordedAndReplayedInsideTurnsOnlyWhateverTheThreadRecordedBefore() throws Exception {
        // main creates an actor (a creation event of main's thread), then calls outside any turn
        Path trace = tmp.resolve("calls");
        RecordedRun rec = RecordedRun.record(trace, "", SystemCallProgram.class);
        assertEquals(0, rec.exitCode, rec.toString());
        // The roller's calls: the one actor told from outside (the root guardian's stop reads a future too).
        long rollerCalls = rec.events().values().stream()
                .filter(events ->
                        events.stream().anyMatch(e -> e instanceof dev.reprise.trace.TraceEvent.ExternalMessage))
                .flatMap(List::stream)
                .filter(e -> e instanceof dev.reprise.trace.TraceEvent.SystemCall)
                .count();
        assertEquals(3, rollerCalls, "main's call is outside a turn: not recorded");
        long calls = rec.events().values().stream()
                .flatMap(List::stream)
                .filter(e -> e instanceof dev.reprise.trace.TraceEvent.SystemCall)
                .count();
        RecordedRun rep = RecordedRun.replay(trace, List.of(), SystemCallProgram.class);
        assertEquals(0, rep.exitCode, rep.toString());
        assertEquals(rec.lines("roll "), rep.lines("roll "));
        // main's call was recorded before, never replayed
        assertTrue(rep.err.contains(calls + " of " + calls + " system calls"), rep.err);
        rep.assertApplicationTraceConsumed();
    }

    @Test
    void aProgramThatExitsBeforeDoingWhatItDidExitsWithTheDivergence() throws Exception {
        Path trace = tmp.resolve("exit");
        RecordedRun rec = RecordedRun.record(trace, "", EndingsProgram.class, "exit-hooked", "100");
        assertEquals(0, rec.exitCode, rec.toString());
        // The program changed: it calls System.exit after 40 echoes. The replay finds that out as the JVM
        // exits (or as Akka's shutdown hook terminates the actor system); its exit code must say so, not
        // the program's 0 (which won when the hooks were done before the replay's halt came).
        for (int i = 0; i < 3; i++) {
            RecordedRun rep = RecordedRun.replay(trace, List.of(), EndingsProgram.class, "exit-hooked", "40");
            // Either as the exit waits for the echoes that never come, or as the program ends without them.
            assertTrue(rep.err.contains("REPLAY DIVERGED") && rep.err.contains("/user/echo"), rep.err);
            assertEquals(86, rep.exitCode, rep.toString());
        }
    }

    @Test
    void timersOutsideInputAndClockAndRandomValuesReplay() throws Exception {
        List<String> values = RacyRuns.recordAndReplay(tmp, TimersAndInputProgram.class, 2, ReplayIT::valuesOf);
        assertTrue(!values.get(0).equals(values.get(1)), "clock and random values differ between recordings");
    }

    /**
     * Ticks that periodic timers sent before they were cancelled, still queued at the cancel, are
     * turns of the recording: the replay sends each again, though the firing it replays the cancel
     * after may not have armed another (the cancel came first), under other dispatcher settings too.
     */
    @Test
    void periodicTimersCancelledWithTicksQueuedReplayTheirStaleTicks() throws Exception {
        RacyRuns.recordedThriceReplayedUnder(
                tmp,
                "stale",
                StaleTicksProgram.class,
                rec -> assertTrue(rec.out.contains("rate tick 5"), "ticks queued up behind the cancel: " + rec.out),
                ReplayIT::wholeOutput,
                List.of(
                        List.of(),
                        List.of(
                                "-Dakka.actor.default-dispatcher.throughput=1",
                                "-Dakka.actor.default-dispatcher.fork-join-executor.parallelism-min=1",
                                "-Dakka.actor.default-dispatcher.fork-join-executor.parallelism-max=1")));
    }

    @Test
    void supervisionRestartsAndDeathWatchReplay() throws Exception {
        RacyRuns.recordAndReplay(tmp, SupervisionProgram.class, 2, ReplayIT::valuesOf);
    }

    /** The whole output, line for line (programs that print through one actor print in a recorded order). */
    private static String wholeOutput(RecordedRun r) {
        return String.join("\n", r.out);
    }

    @Test
    void supervisionDecisionsRestartsStopsAndDeathWatchReplayAtTheirRecordedPlace() throws Exception {
        List<String> outputs = RacyRuns.recordAndReplay(tmp, SupervisionOrderProgram.class, 3, ReplayIT::wholeOutput);
        assertTrue(
                outputs.get(0).contains("decides Restart") && outputs.get(0).contains("restarting after"),
                outputs.get(0));
        assertTrue(new HashSet<>(outputs).size() > 1, "the supervision race should give different outputs: " + outputs);
    }

    /**
     * Outside input stashed and unstashed: replay injects main's and a thread's input from the
     * trace, and the actor puts the injected copies back in its mailbox; the recording took each
     * again from its source there, and so must the replay (a copy taken as another source's input,
     * the dispatcher thread's, left the actor waiting for main to send it again, as ScalaAuction did).
     */
    @Test
    void outsideInputStashedAndUnstashedReplaysAsRecorded() throws Exception {
        RacyRuns.recordedThriceReplayedUnder(
                tmp,
                "stashed",
                StashedInputProgram.class,
                rec -> assertTrue(rec.out.contains("open") && rec.out.getLast().startsWith("total "), rec::toString),
                RacyRuns::programOutput,
                RacyRuns.BOTH_DISPATCHERS);
    }

    @Test
    void theSameTraceReplaysIdenticallyUnderOtherDispatcherSettings() throws Exception {
        Path trace = tmp.resolve("racy");
        RecordedRun rec = RecordedRun.record(trace, RacyRuns.CALLS, RacyProgram.class);
        String recorded = racyResult(rec);
        Set<String> replayed = new HashSet<>();
        for (List<String> settings : List.of(
                List.of("-Dakka.actor.default-dispatcher.throughput=1"),
                List.of("-Dakka.actor.default-dispatcher.throughput=100"),
                List.of(
                        "-Dakka.actor.default-dispatcher.fork-join-executor.parallelism-min=1",
                        "-Dakka.actor.default-dispatcher.fork-join-executor.parallelism-max=1"),
                List.of(
                        "-Dakka.actor.default-dispatcher.fork-join-executor.parallelism-min=4",
                        "-Dakka.actor.default-dispatcher.fork-join-executor.parallelism-max=4"))) {
            RecordedRun rep = RecordedRun.replay(trace, settings, RacyProgram.class);
            assertEquals(0, rep.exitCode, settings + ": " + rep);
            replayed.add(racyResult(rep));
        }
        assertEquals(Set.of(recorded), replayed);
    }

    @Test
    void aTamperedTraceStopsWithADivergenceReportNotAHang() throws Exception {
        Path trace = tmp.resolve("counting");
        RecordedRun rec = RecordedRun.record(trace, "fingerprints=true", CountingProgram.class, "3000", "single");
        assertEquals(0, rec.exitCode, rec.toString());

        // The program changed since the recording: it sends fewer messages. The producer's turn is caught at once.
        RecordedRun changed = RecordedRun.replay(trace, List.of(), CountingProgram.class, "1000", "single");
        assertEquals(86, changed.exitCode, changed.toString());
        assertTrue(changed.err.contains("REPLAY DIVERGED") && changed.err.contains("/user/producer"), changed.err);
        assertTrue(
                changed.err.contains("sent 1001 messages, 0 modulo 7; when recorded, the count was 5 modulo 7")
                        || changed.err.contains("sent 1001 messages; when recorded it sent 3001."),
                changed.err);
        assertFalse(changed.out.contains("count "), "stopped before the counter reported: " + changed.out);

        // Without fingerprints, the counter is found waiting for messages that never come.
        RecordedRun unchecked = RecordedRun.run(
                trace,
                "-javaagent:" + RecordedRun.agentJar() + "=replay,trace=" + trace
                        + ",quiet=3s,fingerprints=false,changedProgram=true",
                CountingProgram.class,
                "1000",
                "single");
        assertEquals(86, unchecked.exitCode, unchecked.toString());
        assertTrue(unchecked.err.contains("REPLAY DIVERGED") && unchecked.err.contains("/user/counter"), unchecked.err);
        assertTrue(unchecked.err.contains("expected next: message from"), unchecked.err);

        // The trace was damaged: a flipped byte in the middle of the events file.
        byte[] events = Files.readAllBytes(TraceFiles.events(trace));
        events[events.length / 2] ^= 0x5A;
        Files.write(TraceFiles.events(trace), events);
        RecordedRun damaged = RecordedRun.replay(trace, List.of(), CountingProgram.class, "3000", "single");
        assertEquals(ExitCodes.DAMAGE_REACHED, damaged.exitCode, "damage is not a divergence: " + damaged);
        assertTrue(
                damaged.err.contains("REPLAY STOPPED AT DAMAGE") && damaged.err.contains("events.rpt"),
                "the report names the damaged file: " + damaged.err);
        assertFalse(damaged.err.contains("changed since the recording"), damaged.err);
    }

    @Test
    void aBalancingDispatcherIsRefusedClearly() throws Exception {
        Path trace = tmp.resolve("balancing");
        RecordedRun rec = RecordedRun.record(trace, "", BalancingProgram.class);
        assertEquals(0, rec.exitCode, rec.toString());
        assertEquals("true", rec.line("done "));
        RecordedRun rep = RecordedRun.replay(trace, List.of(), BalancingProgram.class);
        assertEquals(ExitCodes.USAGE, rep.exitCode, "a configuration it cannot replay is not a divergence: " + rep);
        assertTrue(rep.err.contains("cannot replay: dispatcher") && rep.err.contains("balancing dispatcher"), rep.err);
    }
}
