package dev.reprise.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.trace.TraceMetadata;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent's errors and a refusal to record reach the metadata while recording (a killed
 * recording keeps them) and at the clean end.
 */
class AgentHealthInMetadataTest {
    @TempDir
    Path tmp;

    /** Reads the metadata until {@code done} holds (at most 2 s: the writer rewrites it at its next tick). */
    private static TraceMetadata await(Path dir, Predicate<TraceMetadata> done) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
        TraceMetadata m = TraceMetadata.read(dir);
        while (!done.test(m) && System.nanoTime() < deadline) {
            Thread.sleep(10);
            m = TraceMetadata.read(dir);
        }
        return m;
    }

    @Test
    void agentErrorsAreCountedPerSiteInProgressAndAtTheEnd() throws Exception {
        Path dir = tmp.resolve("t");
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir).withFlushInterval(Duration.ofMillis(50)));
        try {
            ThreadRecorder r = recorder.forCurrentThread();
            ActorRecord a = new ActorRecord(7);
            r.message(a, 1);
            recorder.agentError("recording a message");
            recorder.agentError("recording a message");
            recorder.agentError("hook:akka.actor.ActorCell.invoke");
            TraceMetadata m = await(dir, x -> x.agentErrors().size() == 2);
            assertEquals(
                    Map.of("recording a message", 2L, "hook:akka.actor.ActorCell.invoke", 1L),
                    m.agentErrors(),
                    "in the metadata before the end, so a killed recording keeps them");
            assertFalse(m.cleanEnd());
            r.message(a, 2); // errors do not stop the recording
        } finally {
            recorder.close();
        }
        TraceMetadata end = TraceMetadata.read(dir);
        assertTrue(end.cleanEnd());
        assertEquals(Map.of("recording a message", 2L, "hook:akka.actor.ActorCell.invoke", 1L), end.agentErrors());
        assertEquals(2, end.count("events"));
        assertNull(end.notRecorded());
    }

    @Test
    void aRefusedRecordingRecordsNothingAndEndsCleanlySayingWhy() throws Exception {
        Path dir = tmp.resolve("t");
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir).withFlushInterval(Duration.ofMillis(50)));
        String why = "Akka 2.5.32 is not supported";
        try {
            recorder.refuse(why);
            TraceMetadata m = await(dir, x -> x.notRecorded() != null);
            assertEquals(why, m.notRecorded(), "said before the end, so a killed recording says it too");
            recorder.forCurrentThread().message(new ActorRecord(7), 1);
        } finally {
            recorder.close();
        }
        TraceMetadata end = TraceMetadata.read(dir);
        assertTrue(end.cleanEnd());
        assertEquals(why, end.notRecorded());
        assertEquals(0, end.count("events"));
    }
}
