package dev.reprise.agent;

import dev.reprise.programs.EagerOffersProgram;
import dev.reprise.programs.PulledQueuesProgram;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Akka Streams' async callbacks (a queue's offers and pulls) invoked before their stream has started: the stream keeps the
 * event and its actor sends it at the start, where one invoked a moment later is sent by the
 * invoker. Recorded three times under schedule perturbation, each recording replayed under both
 * dispatchers to the same output.
 */
class StreamOffersIT {
    @TempDir
    Path tmp;

    /**
     * {@code EagerOffersProgram} offers to each {@code Source.queue} as it is materialized, from an
     * Akka Typed actor's turn (after a short preparation) and from {@code main} (at once). With the
     * stream's actor as the sender of the offers it kept, all eight replays of four perturbed
     * recordings stopped (exit 86), the stream waiting for a message from itself or for the desk's;
     * counted in the turn that sends them rather than the one that offers, every replay's desk sent
     * more or fewer messages in a turn than recorded; and replayed with one dispatcher thread, a desk
     * whose {@code offer} the recording found answered at once stayed blocked in 2 of 6.
     */
    @Test
    void offersMadeBeforeTheirStreamStartedReplayWhicheverWayTheStartRaces() throws Exception {
        RacyRuns.recordedPerturbedThriceReplayed(tmp, EagerOffersProgram.class, "offers done");
    }

    /**
     * {@code PulledQueuesProgram} (Scala, classic actors) pulls from each {@code Sink.queue} the moment
     * it is materialized, each pull in a {@code Future {}} of its own on the global pool, and tells
     * a collector what each pull brings. With the stream's actor as the sender of the pulls it kept,
     * 5 of 8 replays of four perturbed recordings stopped (exit 86), the collector waiting for a
     * pull's answer that never came.
     */
    @Test
    void pullsMadeFromFuturesBeforeTheirStreamStartedReplayWhicheverWayTheStartRaces() throws Exception {
        RacyRuns.recordedPerturbedThriceReplayed(tmp, PulledQueuesProgram.class, "pulls done");
    }
}
