package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent's health in the metadata: its errors by site and why nothing was recorded, written and read back. */
class AgentHealthMetadataTest {
    @TempDir
    Path tmp;

    @Test
    void agentErrorsRoundTripInProgressAndAtTheEnd() throws Exception {
        TraceMetadata m = TraceMetadata.begin("demo.Main", Map.of());
        assertEquals(Map.of(), m.agentErrors());
        assertEquals("", m.agentErrorsText());

        TraceMetadata running = m.inProgress(Map.of(
                "source.http",
                2147418112L,
                TraceMetadata.AGENT_ERROR_PREFIX + "recording a message",
                3L,
                TraceMetadata.AGENT_ERROR_PREFIX + "hook:akka.actor.ActorCell.invoke",
                1L));
        running.write(tmp);
        TraceMetadata read = TraceMetadata.read(tmp);
        assertEquals(running, read);
        assertEquals(Map.of("recording a message", 3L, "hook:akka.actor.ActorCell.invoke", 1L), read.agentErrors());
        assertEquals("hook:akka.actor.ActorCell.invoke: 1, recording a message: 3", read.agentErrorsText());

        TraceMetadata done = read.finish(Map.of(TraceMetadata.AGENT_ERROR_PREFIX + "recording a message", 5L));
        done.write(tmp);
        assertEquals(Map.of("recording a message", 5L), TraceMetadata.read(tmp).agentErrors());
        assertNull(TraceMetadata.read(tmp).notRecorded());
    }

    @Test
    void whyNothingWasRecordedRoundTripsAndSurvivesTheEnd() throws Exception {
        String why = "Akka 2.5.32 is not supported (Reprise records Akka Classic 2.6.x)";
        TraceMetadata m = TraceMetadata.begin("demo.Main", Map.of()).notRecorded(why);
        m.write(tmp);
        assertEquals(why, TraceMetadata.read(tmp).notRecorded());
        TraceMetadata done = TraceMetadata.read(tmp).finish(Map.of("events", 0L));
        done.write(tmp);
        assertEquals(why, TraceMetadata.read(tmp).notRecorded());
        assertTrue(TraceMetadata.read(tmp).cleanEnd());
    }

    @Test
    void theWriterKeepsBothThroughProgressAndFinish() throws Exception {
        Path dir = tmp.resolve("t");
        try (TraceWriter w =
                TraceWriter.create(dir, TraceMetadata.begin("demo.Main", Map.of()), true, TraceAccess.UMASK)) {
            w.writeProgress(Map.of(TraceMetadata.AGENT_ERROR_PREFIX + "watching an actor system", 1L), "why");
            assertEquals(
                    Map.of("watching an actor system", 1L),
                    TraceMetadata.read(dir).agentErrors());
            assertEquals("why", TraceMetadata.read(dir).notRecorded());
            w.finish(Map.of(TraceMetadata.AGENT_ERROR_PREFIX + "watching an actor system", 2L));
        }
        TraceMetadata end = TraceMetadata.read(dir);
        assertEquals(Map.of("watching an actor system", 2L), end.agentErrors());
        assertEquals("why", end.notRecorded());
    }

    @Test
    void aNotRecordedThatIsNoStringIsRefusedNamingTheFile() throws Exception {
        Files.writeString(
                TraceFiles.metadata(tmp),
                Json.write(Map.of(
                        "formatVersion",
                        (long) FileHeader.VERSION,
                        "program",
                        "p",
                        "jvm",
                        "j",
                        "startTime",
                        "2026-01-01T00:00:00Z",
                        "cleanEnd",
                        true,
                        "notRecorded",
                        3L)));
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceMetadata.read(tmp));
        assertTrue(
                e.getMessage().contains(TraceFiles.METADATA) && e.getMessage().contains("notRecorded"), e.getMessage());
    }
}
