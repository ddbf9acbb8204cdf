package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.AwaitingClerkProgram;
import dev.reprise.programs.CombinatorRaceProgram;
import dev.reprise.programs.ExitInCallbackProgram;
import dev.reprise.programs.FirstToCompleteProgram;
import dev.reprise.programs.LateCallbacksProgram;
import dev.reprise.programs.MappedStageProgram;
import dev.reprise.programs.PromiseRaceProgram;
import dev.reprise.programs.SelfMadeResultsProgram;
import dev.reprise.programs.ZippedFuturesProgram;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceIds;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Racy programs of futures, promises, asks and their callbacks (and {@code Await}), recorded
 * several times and each recording replayed.
 */
class FutureReplayIT {
    @TempDir
    Path tmp;

    /** Per-actor output only (lines of different actors may interleave differently). */
    private static String resourceOrder(RecordedRun r) {
        return String.join(",", r.lines("resource got "));
    }

    @Test
    void thePromiseRaceReplaysEveryTime() throws Exception {
        RacyRuns.recordAndReplay(tmp, PromiseRaceProgram.class, 3, FutureReplayIT::resourceOrder);
    }

    @Test
    void theActorThatCompletedAPromiseFirstWinsInReplayEvenWhereItComesLate() throws Exception {
        Set<String> winners = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            Path trace = tmp.resolve("first" + i);
            RecordedRun rec = RecordedRun.record(trace, RacyRuns.CALLS, FirstToCompleteProgram.class);
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
    void resultsAnActorMadeItselfAndPipedBackFromPoolThreadsReplayInTheirRecordedOrder() throws Exception {
        // Each piped message names the actor as its resolver; told apart by their callbacks, not by arrival.
        RacyRuns.recordAndReplay(tmp, SelfMadeResultsProgram.class, 3, r -> String.join(",", r.lines("piped ")));
    }

    @Test
    void aCompletionWhoseCallbackEndsTheProgramAndALastLosingAttemptReplay() throws Exception {
        // Recorded when its attempt returned, the winner's completion was lost to the exit its callback's message
        // caused, and closer's replay waited for a resolver no event created. The loser's lost attempt is its last
        // event: replayed live, the loser won whenever it came first.
        for (int i = 0; i < 2; i++) {
            Path trace = tmp.resolve("exit" + i);
            RecordedRun rec = RecordedRun.record(trace, RacyRuns.CALLS, ExitInCallbackProgram.class);
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
        RacyRuns.recordAndReplay(tmp, MappedStageProgram.class, 3, FutureReplayIT::resourceOrder);
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
        RacyRuns.recordedThriceReplayedUnder(
                tmp,
                "zipped",
                ZippedFuturesProgram.class,
                rec -> assertTrue(
                        rec.out.stream().anyMatch(l -> l.startsWith("total ") && l.endsWith("after 8 lines")),
                        rec::toString),
                RacyRuns::programOutput,
                RacyRuns.BOTH_DISPATCHERS);
    }

    /**
     * A task's callback registered on an ask's future after its answer came runs at once when
     * recorded; replayed with one pool thread, the ledger holds that ask behind a deposit of a task
     * queued behind the asking one. A replay that waited for the answer in the registration, as
     * the recording found it, waited for itself.
     */
    @Test
    void callbacksRegisteredOnAnsweredAsksReplayWithASmallerPool() throws Exception {
        RacyRuns.recordedThriceReplayedUnder(
                tmp,
                "late",
                LateCallbacksProgram.class,
                rec -> assertEquals(
                        LateCallbacksProgram.ROUNDS,
                        RacyRuns.programOutput(rec).lines().count(),
                        rec::toString),
                RacyRuns::programOutput,
                List.of(List.of(), List.of("-Dpool=1")));
    }

    /**
     * A journal's turn chains {@code recover}, {@code map} and {@code foreach} on a future that a
     * plain thread completes meanwhile: how many callbacks the turn registers is chance, and so is
     * what it prints. Recorded 3 times; each replayed as recorded and on a dispatcher of one thread.
     */
    @Test
    void combinatorsRacingTheirFuturesCompletionReplayAsRecorded() throws Exception {
        RacyRuns.recordedThriceReplayedUnder(
                tmp,
                "combinators",
                CombinatorRaceProgram.class,
                rec -> assertTrue(
                        rec.out.stream().anyMatch(l -> l.endsWith("of 400 complete at the last look")), rec::toString),
                RacyRuns::programOutput,
                RacyRuns.BOTH_DISPATCHERS);
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
            RecordedRun rec =
                    RecordedRun.record(trace, RacyRuns.CALLS + ",perturb=" + (i + 1), AwaitingClerkProgram.class);
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
            outputs.add(RacyRuns.programOutput(rec));
            RacyRuns.replaysAsRecordedUnder(
                    trace,
                    rec,
                    AwaitingClerkProgram.class,
                    RacyRuns.BOTH_DISPATCHERS,
                    RacyRuns::programOutput,
                    "run " + i);
        }
        assertTrue(outputs.size() > 1, "three recordings took the clerk's messages in one order");
    }
}
