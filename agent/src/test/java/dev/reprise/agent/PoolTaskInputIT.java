package dev.reprise.agent;

import dev.reprise.programs.CrowdProgram;
import dev.reprise.programs.PlannedRoutesProgram;
import dev.reprise.programs.SeatingPlanProgram;
import dev.reprise.programs.StreamFedLedgerProgram;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Outside input from the threads and tasks a replay starts again, sent after the task did something the receiving
 * actors depend on without a message saying so: replay must hold the recorded input until the
 * task sends it again. Each program is recorded three times under schedule perturbation, and each
 * recording replayed under Akka's default dispatcher and with one dispatcher thread, to the same
 * output, consuming the whole trace.
 */
class PoolTaskInputIT {
    @TempDir
    Path tmp;

    /**
     * {@code CrowdProgram}'s three pool tasks, started by {@code main}, hand 600 tokens to 1,200 Akka
     * Typed actors once the guardian has spawned them all and filled the list they pass tokens over;
     * injected earlier, a person could read the list before it was filled. So many actors also push
     * each other out of a trace chunk's short-form slots, whose wide resumes this replays end to end.
     */
    @Test
    void tokensThatMainsPoolTasksHandInAfterWaitingReplayAmongManyTypedActors() throws Exception {
        RacyRuns.recordedPerturbedThriceReplayed(tmp, CrowdProgram.class, "crowd done");
    }

    /**
     * {@code PlannedRoutesProgram}'s planner, a classic actor, gives the program's pool a task each
     * round that fills a shared table, then tells the workers to go; they sum the table. Injected
     * before the task ran again, a "go" let the workers sum a table not yet filled: the replay
     * printed another total and exited 0.
     */
    @Test
    void goesThatAnActorsTaskSendsAfterFillingATableReplayAfterIt() throws Exception {
        RacyRuns.recordedPerturbedThriceReplayed(tmp, PlannedRoutesProgram.class, "routes done");
    }

    /**
     * {@code SeatingPlanProgram} (Scala, Akka Typed) starts a plain thread in its guardian
     * behaviour's {@code setup}, at {@code /user}: it writes each round's plan into a shared array,
     * then tells the tables to seat their guests from it. Injected before the thread wrote the
     * round, a table summed an empty plan and the replay printed another total with exit 0.
     */
    @Test
    void seatsThatATypedGuardiansThreadSendsAfterWritingThePlanReplayAfterIt() throws Exception {
        RacyRuns.recordedPerturbedThriceReplayed(tmp, SeatingPlanProgram.class, "seating done");
    }

    /**
     * {@code StreamFedLedgerProgram}'s stream stage ({@code Sink.foreach} over a queue that
     * {@code main} fills) gives the program's pool a task per round that writes the round's entries,
     * then tells a ledger to book them, while a clerk keeps the ledger busy with pings. The stage
     * runs in an actor of Akka's ({@code /system/Materializers/...}), not the application's: its
     * tasks' input was injected before they wrote, and every replay printed another total with exit 0.
     */
    @Test
    void booksThatAStreamStagesTasksSendAfterWritingEntriesReplayAfterThem() throws Exception {
        RacyRuns.recordedPerturbedThriceReplayed(tmp, StreamFedLedgerProgram.class, "ledger done");
    }
}
