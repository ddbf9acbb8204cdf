package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.AwaitingClerkProgram;
import dev.reprise.programs.BalancingProgram;
import dev.reprise.programs.CombinatorRaceProgram;
import dev.reprise.programs.CountingProgram;
import dev.reprise.programs.EndingsProgram;
import dev.reprise.programs.ExitInCallbackProgram;
import dev.reprise.programs.ExtensionRaceProgram;
import dev.reprise.programs.FirstToCompleteProgram;
import dev.reprise.programs.LateCallbacksProgram;
import dev.reprise.programs.MappedStageProgram;
import dev.reprise.programs.PromiseRaceProgram;
import dev.reprise.programs.RacyProgram;
import dev.reprise.programs.SelfMadeResultsProgram;
import dev.reprise.programs.StaleTicksProgram;
import dev.reprise.programs.StashedInputProgram;
import dev.reprise.programs.SupervisionOrderProgram;
import dev.reprise.programs.SupervisionProgram;
import dev.reprise.programs.SystemCallProgram;
import dev.reprise.programs.TimersAndInputProgram;
import dev.reprise.programs.ZippedFuturesProgram;
import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceIds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Racy programs recorded several times (with different results) and each recording replayed. */
class ReplayIT {
    @TempDir
    Path tmp;

    private static final String CALLS = "include=dev.reprise.programs";

    /** What a run of the program computed, as the test compares it. */
    private static String racyResult(RecordedRun r) {
        return r.line("result ");
    }

    /** Per-actor output only (lines of different actors may interleave differently). */
    private static String resourceOrder(RecordedRun r) {
        return String.join(",", r.lines("resource got "));
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

    private List<String> recordAndReplay(
            Class<?> program, int runs, Function<RecordedRun, String> result, String... args) throws Exception {
        List<String> recorded = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            Path trace = tmp.resolve(program.getSimpleName() + i);
            RecordedRun rec = RecordedRun.record(trace, CALLS, program, args);
            assertEquals(0, rec.exitCode, rec.toString());
            RecordedRun rep = RecordedRun.replay(trace, List.of(), program, args);
            assertEquals(0, rep.exitCode, rep.toString());
            assertEquals(
                    result.apply(rec),
                    result.apply(rep),
                    program.getSimpleName() + " run " + i + " replayed differently");
            assertTrue(rep.err.contains("replay of " + trace), rep.err);
            recorded.add(result.apply(rec));
        }
        return recorded;
    }

    @Test
    void racingWorkersCreationsAndOutsideThreadsReplayTheirRecordingEveryTime() throws Exception {
        List<String> results = recordAndReplay(RacyProgram.class, 4, ReplayIT::racyResult);
        assertTrue(new HashSet<>(results).size() > 1, "the racy program should give different results: " + results);
    }

    @Test
    void thePromiseRaceReplaysEveryTime() throws Exception {
        recordAndReplay(PromiseRaceProgram.class, 3, ReplayIT::resourceOrder);
    }

    @Test
    void theActorThatCompletedAPromiseFirstWinsInReplayEvenWhereItComesLate() throws Exception {
        Set<String> winners = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            Path trace = tmp.resolve("first" + i);
            RecordedRun rec = RecordedRun.record(trace, CALLS, FirstToCompleteProgram.class);
            assertEquals(0, rec.exitCode, rec.toString());
            assertEquals(FirstToCompleteProgram.ROUNDS, rec.lines("round ").size(), rec.toString());
            rec.lines("round ").forEach(l -> winners.add(l.substring(l.indexOf(": ") + 2)));
            for (String slower : List.of("none", "a", "b")) {
                RecordedRun rep =
                        RecordedRun.replay(trace, List.of("-Drace.slower=" + slower), FirstToCompleteProgram.class);
                assertEquals(0, rep.exitCode, "racer " + slower + " slower: " + rep);
                assertEquals(rec.lines("round "), rep.lines("round "), "racer " + slower + " slower: " + rep.err);
                rep.assertApplicationTraceConsumed();
            }
        }
        assertEquals(Set.of("a", "b"), winners, "each racer should win some rounds");
    }

    @Test
    void anActorThatAnExtensionMakesOnFirstUseGetsItsIdWhicheverTurnUsesItFirst() throws Exception {
        // The workers race to make /system/registry: in replay another worker may get there first.
        recordAndReplay(
                ExtensionRaceProgram.class, 3, r -> String.join(",", r.lines("registered ")) + r.lines("total "));
    }

    @Test
    void resultsAnActorMadeItselfAndPipedBackFromPoolThreadsReplayInTheirRecordedOrder() throws Exception {
        // Each piped message names the actor as its resolver; told apart by their callbacks, not by arrival.
        recordAndReplay(SelfMadeResultsProgram.class, 3, r -> String.join(",", r.lines("piped ")));
    }

    @Test
    void aCompletionWhoseCallbackEndsTheProgramAndALastLosingAttemptReplay() throws Exception {
        // Recorded when its attempt returned, the winner's completion was lost to the exit its callback's message
        // caused, and closer's replay waited for a resolver no event created. The loser's lost attempt is its last
        // event: replayed live, the loser won whenever it came first.
        for (int i = 0; i < 2; i++) {
            Path trace = tmp.resolve("exit" + i);
            RecordedRun rec = RecordedRun.record(trace, CALLS, ExitInCallbackProgram.class);
            assertEquals(0, rec.exitCode, rec.toString());
            assertEquals(List.of("winner"), rec.lines("closed by "), rec.toString());
            for (String delay : List.of("0", "1500")) {
                RecordedRun rep =
                        RecordedRun.replay(trace, List.of("-Dwinner.delay=" + delay), ExitInCallbackProgram.class);
                assertEquals(0, rep.exitCode, "winner " + delay + " ms late: " + rep);
                assertEquals(rec.lines("closed by "), rep.lines("closed by "), "winner " + delay + " ms late: " + rep);
                rep.assertApplicationTraceConsumed();
            }
        }
    }

    @Test
    void aMappedAskPipedOnReplaysEveryTime() throws Exception {
        recordAndReplay(MappedStageProgram.class, 3, ReplayIT::resourceOrder);
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
        List<String> values = recordAndReplay(TimersAndInputProgram.class, 2, ReplayIT::valuesOf);
        assertTrue(!values.get(0).equals(values.get(1)), "clock and random values differ between recordings");
    }

    /**
     * Ticks that periodic timers sent before they were cancelled, still queued at the cancel, are
     * turns of the recording: the replay sends each again, though the firing it replays the cancel
     * after may not have armed another (the cancel came first), under other dispatcher settings too.
     */
    @Test
    void periodicTimersCancelledWithTicksQueuedReplayTheirStaleTicks() throws Exception {
        recordedThriceReplayedUnder(
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
        recordAndReplay(SupervisionProgram.class, 2, ReplayIT::valuesOf);
    }

    /** The whole output, line for line (programs that print through one actor print in a recorded order). */
    private static String wholeOutput(RecordedRun r) {
        return String.join("\n", r.out);
    }

    @Test
    void supervisionDecisionsRestartsStopsAndDeathWatchReplayAtTheirRecordedPlace() throws Exception {
        List<String> outputs = recordAndReplay(SupervisionOrderProgram.class, 3, ReplayIT::wholeOutput);
        assertTrue(
                outputs.get(0).contains("decides Restart") && outputs.get(0).contains("restarting after"),
                outputs.get(0));
        assertTrue(new HashSet<>(outputs).size() > 1, "the supervision race should give different outputs: " + outputs);
    }

    /**
     * Asks combined with {@code Future.sequence} and {@code zip} on {@code main} and in a JDK pool
     * task, each combination telling a printer: which asks were answered when combined is chance,
     * and so were the number of callbacks each context registered and the resolver of each zipped
     * result. Recorded 3 times; each replayed as recorded and on a dispatcher of one thread, every
     * line in its recorded place.
     */
    @Test
    void futuresCombinedOnMainAndInAPoolTaskReplayEveryTime() throws Exception {
        recordedThriceReplayedUnder(
                "zipped",
                ZippedFuturesProgram.class,
                rec -> assertTrue(
                        rec.out.stream().anyMatch(l -> l.startsWith("total ") && l.endsWith("after 8 lines")),
                        rec::toString),
                ReplayIT::programOutput,
                List.of(List.of(), ONE_DISPATCHER_THREAD));
    }

    /**
     * A task's callback registered on an ask's future after its answer came runs at once when
     * recorded; replayed with one pool thread, the ledger holds that ask behind a deposit of a task
     * queued behind the asking one. A replay that waited for the answer in the registration, as
     * the recording found it, waited for itself.
     */
    @Test
    void callbacksRegisteredOnAnsweredAsksReplayWithASmallerPool() throws Exception {
        recordedThriceReplayedUnder(
                "late",
                LateCallbacksProgram.class,
                rec -> assertEquals(
                        LateCallbacksProgram.ROUNDS, programOutput(rec).lines().count(), rec::toString),
                ReplayIT::programOutput,
                List.of(List.of(), List.of("-Dpool=1")));
    }

    /**
     * Outside input stashed and unstashed: replay injects main's and a thread's input from the
     * trace, and the actor puts the injected copies back in its mailbox; the recording took each
     * again from its source there, and so must the replay (a copy taken as another source's input,
     * the dispatcher thread's, left the actor waiting for main to send it again, as ScalaAuction did).
     */
    @Test
    void outsideInputStashedAndUnstashedReplaysAsRecorded() throws Exception {
        recordedThriceReplayedUnder(
                "stashed",
                StashedInputProgram.class,
                rec -> assertTrue(rec.out.contains("open") && rec.out.getLast().startsWith("total "), rec::toString),
                ReplayIT::programOutput,
                List.of(List.of(), ONE_DISPATCHER_THREAD));
    }

    /**
     * A journal's turn chains {@code recover}, {@code map} and {@code foreach} on a future that a
     * plain thread completes meanwhile: how many callbacks the turn registers is chance, and so is
     * what it prints. Recorded 3 times; each replayed as recorded and on a dispatcher of one thread.
     */
    @Test
    void combinatorsRacingTheirFuturesCompletionReplayAsRecorded() throws Exception {
        recordedThriceReplayedUnder(
                "combinators",
                CombinatorRaceProgram.class,
                rec -> assertTrue(
                        rec.out.stream().anyMatch(l -> l.endsWith("of 400 complete at the last look")), rec::toString),
                ReplayIT::programOutput,
                List.of(List.of(), ONE_DISPATCHER_THREAD));
    }

    /**
     * A typed clerk's turn blocks with {@code Await.result} on an answer a plain thread gives after a
     * random while, and main blocks with {@code Await} too. Whether the answer is there when Await
     * first looks changes nothing the program does, so it is not recorded: the actors' turns hold
     * almost no system calls (one per Await before, 150 in the clerk alone). Recorded three times
     * under schedule perturbation; the clerk's interleaving of requests and the thread's "free"
     * messages differs between them, and each replays as recorded, also on one dispatcher thread.
     */
    @Test
    void awaitsFirstLookIsNotRecordedAndAwaitingTurnsReplayAsRecorded() throws Exception {
        Set<String> outputs = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            Path trace = tmp.resolve("awaiting" + i);
            RecordedRun rec = RecordedRun.record(trace, CALLS + ",perturb=" + (i + 1), AwaitingClerkProgram.class);
            assertEquals(0, rec.exitCode, rec.toString());
            assertEquals(
                    AwaitingClerkProgram.Requests(), rec.lines("free after ").size(), rec::toString);
            assertFalse(rec.err.contains("internal error"), rec.err);
            long actorsCalls = rec.events().entrySet().stream()
                    .filter(e -> e.getKey() < TraceIds.FIRST_EXTERNAL_SOURCE)
                    .flatMap(e -> e.getValue().stream())
                    .filter(e -> e instanceof TraceEvent.SystemCall)
                    .count();
            assertTrue(actorsCalls < 10, "the actors recorded " + actorsCalls + " system calls");
            outputs.add(programOutput(rec));
            for (List<String> jvmOptions : List.of(List.<String>of(), ONE_DISPATCHER_THREAD)) {
                RecordedRun rep = RecordedRun.replay(trace, jvmOptions, AwaitingClerkProgram.class);
                assertEquals(0, rep.exitCode, "run " + i + " " + jvmOptions + ": " + rep);
                assertEquals(programOutput(rec), programOutput(rep), "run " + i + " " + jvmOptions + ": " + rep.err);
                rep.assertApplicationTraceConsumed();
            }
        }
        assertTrue(outputs.size() > 1, "three recordings took the clerk's messages in one order");
    }

    private static final List<String> ONE_DISPATCHER_THREAD = List.of(
            "-Dakka.actor.default-dispatcher.fork-join-executor.parallelism-min=1",
            "-Dakka.actor.default-dispatcher.fork-join-executor.parallelism-max=1");

    /**
     * {@code program} recorded three times, each recording (exit 0) checked by {@code recorded},
     * and each replayed under every one of {@code settings} (JVM options): exit 0, the same
     * {@code output}, the whole trace consumed.
     */
    private void recordedThriceReplayedUnder(
            String name,
            Class<?> program,
            java.util.function.Consumer<RecordedRun> recorded,
            java.util.function.Function<RecordedRun, String> output,
            List<List<String>> settings)
            throws Exception {
        for (int i = 0; i < 3; i++) {
            Path trace = tmp.resolve(name + i);
            RecordedRun rec = RecordedRun.record(trace, CALLS, program);
            assertEquals(0, rec.exitCode, rec.toString());
            recorded.accept(rec);
            for (List<String> jvmOptions : settings) {
                RecordedRun rep = RecordedRun.replay(trace, jvmOptions, program);
                assertEquals(0, rep.exitCode, "run " + i + " " + jvmOptions + ": " + rep);
                assertEquals(output.apply(rec), output.apply(rep), "run " + i + " " + jvmOptions + ": " + rep.err);
                rep.assertApplicationTraceConsumed();
            }
        }
    }

    /** The program's own lines, in order (Akka's log lines carry this run's times). */
    private static String programOutput(RecordedRun r) {
        return String.join("\n", r.out.stream().filter(l -> !l.startsWith("[")).toList());
    }

    @Test
    void theSameTraceReplaysIdenticallyUnderOtherDispatcherSettings() throws Exception {
        Path trace = tmp.resolve("racy");
        RecordedRun rec = RecordedRun.record(trace, CALLS, RacyProgram.class);
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
