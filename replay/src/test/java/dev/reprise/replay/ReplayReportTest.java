package dev.reprise.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.testsupport.HandBuiltTrace;
import dev.reprise.trace.CreationKind;
import dev.reprise.trace.Json;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceIds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report a replay ends with, as tools read it: the event of the actor that first behaved
 * differently (one it took, or the one it expected next), the actors left waiting, and the JSON
 * keys {@link ReplayReportFile} writes. A replay in a test's JVM writes no file into its trace.
 */
class ReplayReportTest {
    private static final long MAIN = TraceIds.FIRST_EXTERNAL_SOURCE;
    private static final Duration QUIET = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    private final TestSupport support = new TestSupport()
            .name(1, "/user/parent")
            .name(2, "/user/parent/child")
            .name(MAIN, "thread:main");

    @Test
    void aTurnThatSendsOtherwiseIsMarkedAtItsMessage() throws Exception {
        Path dir = HandBuiltTrace.in(tmp.resolve("trace"))
                .actor(1)
                .message(2, String.class, 2)
                .message(2, String.class, 0)
                .finish();
        try (Replay replay = TestSupport.open(dir, support, QUIET)) {
            TestMailbox mailbox = new TestMailbox(replay, 1);
            mailbox.arrive(2, "first");
            mailbox.arrive(2, "second");
            mailbox.take();
            replay.turnOver(1, mailbox.fingerprint(), 2);
            replay.turnEnded();
            mailbox.take();
            replay.turnOver(1, mailbox.fingerprint(), 1);
            ReplayReport report = replay.report();
            assertEquals(ReplayReport.End.DIVERGED, report.end());
            ReplayReport.Actor first = report.first();
            assertEquals(1, first.actor());
            assertEquals(1, first.event(), "its second event, the message whose turn sent one message");
            assertEquals(0, first.subtrace());
            assertEquals("message from /user/parent/child (2)", first.expected());
            assertTrue(first.did().startsWith("the turn of its event 2 (message from"), first.did());
            assertEquals(report.text(), replay.divergence());

            Map<String, Object> json = ReplayReportFile.json(dir, report);
            assertEquals(
                    List.of(
                            "version",
                            "trace",
                            "end",
                            "exitCode",
                            "firstDifference",
                            "waiting",
                            "moreWaiting",
                            "damage",
                            "text"),
                    List.copyOf(json.keySet()));
            assertEquals("diverged", json.get("end"));
            assertEquals(86, json.get("exitCode"));
            @SuppressWarnings("unchecked")
            Map<String, Object> firstJson = (Map<String, Object>) json.get("firstDifference");
            assertEquals(
                    List.of("actor", "name", "event", "subtrace", "chunk", "expected", "did", "cause", "held"),
                    List.copyOf(firstJson.keySet()));
            assertEquals(1L, firstJson.get("event"));
            Object parsed = Json.parse(Json.write(json));
            assertEquals(report.text(), ((Map<?, ?>) parsed).get("text"), "it reads back as written");
        }
        assertFalse(Files.exists(TraceFiles.replayReport(dir)), "a replay in a test's JVM writes no file");
    }

    @Test
    void aCreationThatDoesNotComeIsMarkedAtTheEventExpectedNext() throws Exception {
        Path dir = HandBuiltTrace.in(tmp.resolve("trace"))
                .actor(1)
                .created(2, CreationKind.ACTOR)
                .created(3, CreationKind.TIMER)
                .finish();
        try (Replay replay = TestSupport.open(dir, support, QUIET)) {
            replay.expectCreation(1, CreationKind.ACTOR, null);
            assertThrows(ReplayDivergence.class, () -> replay.expectCreation(1, CreationKind.TEMP_ACTOR, null));
            ReplayReport.Actor first = replay.report().first();
            assertEquals(1, first.event(), "the timer it did not set, its second event");
            assertTrue(first.expected().startsWith("setting a timer"), first.expected());
            assertTrue(replay.report().waiting().isEmpty());
        }
    }

    @Test
    void aProgramThatEndsEarlyLeavesItsActorsWaitingWithTheirNextEvent() throws Exception {
        Path dir = HandBuiltTrace.in(tmp.resolve("trace"))
                .source("thread:main", MAIN)
                .actor(MAIN)
                .created(1, CreationKind.ACTOR)
                .actor(1)
                .created(2, CreationKind.ACTOR)
                .systemCall(1, "42")
                .finish();
        try (Replay replay = TestSupport.open(dir, support, QUIET)) {
            replay.expectCreation(MAIN, CreationKind.ACTOR, null);
            replay.expectCreation(1, CreationKind.ACTOR, null);
            StandardErr.of(replay::finish);
            ReplayReport report = replay.report();
            assertEquals(ReplayReport.End.DIVERGED, report.end());
            assertNull(report.first(), "the text names no single actor");
            ReplayReport.Actor waiting = report.waiting().getFirst();
            assertEquals(1, waiting.actor());
            assertEquals(1, waiting.event(), "its system call, after the creation it made");
            assertTrue(waiting.expected().startsWith("system call"), waiting.expected());
            assertEquals(0, report.moreWaiting());
        }
    }
}
