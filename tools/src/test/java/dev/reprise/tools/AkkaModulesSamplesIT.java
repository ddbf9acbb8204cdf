package dev.reprise.tools;

import dev.reprise.samples.PersistentCounters;
import dev.reprise.samples.PipedFutures;
import dev.reprise.samples.ScalaAuction;
import dev.reprise.samples.StreamPipeline;
import dev.reprise.samples.TypedBank;
import dev.reprise.samples.TypedWorkers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Racy programs that use Akka's modules beyond classic actors, as their documentation writes them
 * ({@code dev.reprise.samples}): Akka Typed in Java and in Scala (with Persistence Typed and the
 * Receptionist), Streams, classic Persistence, and futures piped and asked from Java and Scala.
 * Each is recorded and replayed as {@link AkkaSamplesIT} does it ({@link SampleRuns}).
 */
@Tag("samples")
class AkkaModulesSamplesIT {
    @BeforeAll
    static void packaged() {
        Cli.requireJars();
    }

    @Test
    void typedWorkers() throws Exception {
        SampleRuns.recordAndReplay(TypedWorkers.class, null);
    }

    @Test
    void pipedFutures() throws Exception {
        SampleRuns.recordAndReplay(PipedFutures.class, null);
    }

    @Test
    void streamPipeline() throws Exception {
        SampleRuns.recordAndReplay(StreamPipeline.class, null);
    }

    @Test
    void scalaAuction() throws Exception {
        SampleRuns.recordAndReplay(ScalaAuction.class, null);
    }

    @Test
    void persistentCounters() throws Exception {
        SampleRuns.recordAndReplay(PersistentCounters.class, null);
    }

    @Test
    void typedBank() throws Exception {
        SampleRuns.recordAndReplay(TypedBank.class, null);
    }
}
