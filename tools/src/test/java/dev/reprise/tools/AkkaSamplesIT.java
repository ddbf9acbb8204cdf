package dev.reprise.tools;

import dev.reprise.samples.DeathWatchAndStash;
import dev.reprise.samples.DiningHakkersOnBecome;
import dev.reprise.samples.DiningHakkersOnFsm;
import dev.reprise.samples.FaultHandling;
import dev.reprise.samples.KeyValueShell;
import dev.reprise.samples.OutsideRecords;
import dev.reprise.samples.SupervisionTree;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Racy programs written with Akka's classic actors in the style of Akka's documentation and samples
 * ({@code dev.reprise.samples}, in the samples module; {@link AkkaModulesSamplesIT} has those of
 * Akka's other modules), recorded and replayed the way users do it: {@code ./reprise record --trace
 * DIR -- JAVA_ARGS} and {@code ./reprise replay --trace DIR -- JAVA_ARGS} in child processes,
 * through the script at the repository root and the packaged jars ({@link SampleRuns}). Each
 * program is recorded {@value SampleRuns#RUNS} times (each run takes another course: the actors
 * sleep and yield at random) and each recording is replayed once; the replay must exit 0 and print
 * what its recording printed, line for line, and the recording must print nothing the agent caused
 * (Akka's {@code [SECURITY]} warning about Java serialization, or a {@code [reprise]} line on
 * stdout). Each program prints through one actor (or Akka's logger), so the output is that actor's
 * message order.
 *
 * <p>The script runs with {@code REPRISE_NO_BUILD=1}: inside {@code mvn verify} it must not start a
 * nested build. So the agent and the tools must be packaged first: a whole build does that (the
 * agent before the tools); alone, {@code mvn -pl agent,tools -am verify -Dit.test='Akka*SamplesIT'
 * -Dfailsafe.failIfNoSpecifiedTests=false}, or the tag: {@code -Dgroups=samples}.
 */
@Tag("samples")
class AkkaSamplesIT {
    @BeforeAll
    static void packaged() {
        Cli.requireJars();
    }

    @Test
    void diningHakkersOnBecome() throws Exception {
        SampleRuns.recordAndReplay(DiningHakkersOnBecome.class, null);
    }

    @Test
    void diningHakkersOnFsm() throws Exception {
        SampleRuns.recordAndReplay(DiningHakkersOnFsm.class, null);
    }

    @Test
    void supervisionTree() throws Exception {
        SampleRuns.recordAndReplay(SupervisionTree.class, null);
    }

    @Test
    void faultHandling() throws Exception {
        SampleRuns.recordAndReplay(FaultHandling.class, null);
    }

    @Test
    void keyValueShell() throws Exception {
        SampleRuns.recordAndReplay(KeyValueShell.class, KEY_VALUE_INPUT);
    }

    @Test
    void deathWatchAndStash() throws Exception {
        SampleRuns.recordAndReplay(DeathWatchAndStash.class, null);
    }

    @Test
    void outsideRecords() throws Exception {
        SampleRuns.recordAndReplay(OutsideRecords.class, null);
    }

    /** What the key-value shell reads: the same for the recording and the replay; nothing after quit is read. */
    static final String KEY_VALUE_INPUT = String.join(
                    "\n",
                    "put apple 3",
                    "put pear 5",
                    "get apple",
                    "incr apple 4",
                    "race pear",
                    "put fig 12",
                    "get fig",
                    "incr lime 7",
                    "size",
                    "roll 6",
                    "del pear",
                    "get pear",
                    "incr fig 1",
                    "incr fig 2",
                    "race fig",
                    "put kiwi 9",
                    "put plum 1",
                    "get kiwi",
                    "incr plum 5",
                    "size",
                    "roll 20",
                    "race apple",
                    "del fig",
                    "del fig",
                    "get lime",
                    "put date 30",
                    "incr date -4",
                    "get date",
                    "race date",
                    "roll 6",
                    "put melon 8",
                    "incr melon 8",
                    "incr apple 1",
                    "get apple",
                    "size",
                    "race melon",
                    "del kiwi",
                    "get plum",
                    "put pear 6",
                    "race pear",
                    "",
                    "jump apple",
                    "put apple",
                    "incr pear 1",
                    "get pear",
                    "size",
                    "roll 100",
                    "quit",
                    "get apple")
            + "\n";
}
