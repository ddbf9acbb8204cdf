package dev.reprise.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.testsupport.HandBuiltTrace;
import dev.reprise.trace.CreationKind;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceIds;
import dev.reprise.trace.TraceMetadata;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Replay} driven directly on traces written by hand: the replayed program's creations,
 * system calls and promise completions get what the trace recorded, in each actor's recorded
 * order; anything else stops the replay with a report that names the actor, what the trace
 * expected and what the program did.
 */
class ReplayTest {
    private static final long MAIN = TraceIds.FIRST_EXTERNAL_SOURCE;
    /** Long enough that the watchdog never speaks in these tests. */
    private static final Duration QUIET = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    private final TestSupport support = new TestSupport()
            .name(1, "/user/parent")
            .name(2, "/user/parent/child")
            .name(MAIN, "thread:main");

    /** The parent creates its child, asks the clock, completes a promise, and gets a message from the child. */
    private Path parentAndChild() throws Exception {
        return HandBuiltTrace.in(tmp.resolve("trace"))
                .source("thread:main", MAIN)
                .actor(MAIN)
                .created(1, CreationKind.ACTOR)
                .actor(1)
                .created(2, CreationKind.ACTOR)
                .systemCall(1, "1700000000000")
                .created(3, CreationKind.PROMISE)
                .actor(2)
                .systemCall(1, "42")
                .actor(1)
                .message(2)
                .finish();
    }

    @Test
    void creationsSystemCallsAndCompletionsGetTheRecordedIdsAndResultsInOrder() throws Exception {
        try (Replay replay = TestSupport.open(parentAndChild(), support, QUIET)) {
            assertEquals(MAIN, replay.sourceId("thread:main"), "the outside source keeps its recorded id");
            assertEquals(-1, replay.sourceId("thread:other"), "a source the recording never named");
            assertEquals(1, replay.expectCreation(MAIN, CreationKind.ACTOR, null));
            assertEquals(2, replay.expectCreation(1, CreationKind.ACTOR, null));
            // Each actor has its own script: the child's clock is its own, whatever the parent does.
            assertArrayEquals(bytes("42"), replay.expectSystemCall(2, "System.nanoTime"));
            assertArrayEquals(bytes("1700000000000"), replay.expectSystemCall(1, "System.currentTimeMillis"));
            assertEquals(3, replay.nextCompletion(1), "the parent's attempt completes promise 3, as recorded");
            assertEquals(3, replay.nextCompletion(1), "asking does not consume the completion");
            assertEquals(3, replay.expectCreation(1, CreationKind.PROMISE, null));
            assertEquals(Replay.LOST, replay.nextCompletion(1), "the recording completed nothing more here");
            assertEquals(new TraceEvent.Message(2), replay.script(1).peek(), "the child's message comes next");
            assertTrue(replay.script(2).finished());
            assertNull(replay.divergence());
            assertFalse(replay.stopping());
        }
    }

    @Test
    void pastTheEndOfACleanRecordingTheRealCallsAreMade() throws Exception {
        try (Replay replay = TestSupport.open(parentAndChild(), support, QUIET)) {
            replay.expectCreation(MAIN, CreationKind.ACTOR, null);
            assertArrayEquals(bytes("42"), replay.expectSystemCall(2, "System.nanoTime"));
            assertNull(replay.expectSystemCall(2, "System.nanoTime"), "no recorded result: the real call is made");
            assertEquals(
                    -1, replay.expectCreation(2, CreationKind.ACTOR, null), "a creation past the end gets a new id");
            assertEquals(
                    Replay.LOST,
                    replay.nextCompletion(2),
                    "the recording completed nothing more: another completer must win, or the run end first");
            assertNull(replay.divergence(), "the end of a clean recording is no divergence");
        }
    }

    @Test
    void pastTheEndOfACleanRecordingReplayedLiveACompletionGoesAhead() throws Exception {
        try (Replay replay = Replay.open(parentAndChild(), support, QUIET, true, false, false)) {
            replay.expectCreation(MAIN, CreationKind.ACTOR, null);
            replay.expectSystemCall(2, "System.nanoTime");
            assertEquals(Replay.LIVE, replay.nextCompletion(2), "live past the end: the attempt completes");
            assertNull(replay.divergence());
        }
    }

    @Test
    void aSystemCallWhereTheTraceExpectsACreationStopsTheReplayNamingBoth() throws Exception {
        try (Replay replay = TestSupport.open(parentAndChild(), support, QUIET)) {
            replay.expectCreation(MAIN, CreationKind.ACTOR, null);
            ReplayDivergence d =
                    assertThrows(ReplayDivergence.class, () -> replay.expectSystemCall(1, "System.currentTimeMillis"));
            String report = d.getMessage();
            assertTrue(report.startsWith("[reprise] REPLAY DIVERGED"), report);
            assertTrue(
                    report.contains("first difference: /user/parent (1): it called System.currentTimeMillis, "
                            + "but the trace expects creation of an actor (id 2)"),
                    report);
            assertTrue(
                    report.contains("likely cause: something that decided what it did was not recorded")
                            && report.contains("or the program, its input or its configuration changed since the "
                                    + "recording (record with -o fingerprints=true to tell)"),
                    "no fingerprint shows a change: the report does not claim one; " + report);
            assertTrue(report.contains("The replay stops with exit code 86."), report);
            assertTrue(replay.stopping(), "nothing more of the program runs");
            assertEquals(report, replay.divergence(), "the report is kept for the test that ran the replay");
        }
    }

    @Test
    void aDifferenceInARecordingThatUsedWhatIsNotCoveredBlamesThatAndNotTheProgram() throws Exception {
        Path dir = HandBuiltTrace.in(tmp.resolve("trace"))
                .actor(1)
                .created(2, CreationKind.ACTOR)
                .finish(Map.of(TraceMetadata.NOT_COVERED_PREFIX + "boundedSourceQueue", 2L));
        try (Replay replay = TestSupport.open(dir, support, QUIET)) {
            String report = assertThrows(
                            ReplayDivergence.class, () -> replay.expectSystemCall(1, "System.currentTimeMillis"))
                    .getMessage();
            assertTrue(
                    report.contains("first difference: /user/parent (1): it called System.currentTimeMillis"), report);
            assertTrue(
                    report.contains("likely cause: the recorded program used what Reprise does not record faithfully "
                            + "(boundedSourceQueue: 2;"),
                    report);
            assertFalse(report.contains("changed since the recording"), report);
        }
    }

    @Test
    void damageInATraceThatClaimsACleanEndStopsTheReplayAtTheDamageNotAsADivergence() throws Exception {
        Path dir = HandBuiltTrace.in(tmp.resolve("trace"))
                .actor(1)
                .created(2, CreationKind.ACTOR)
                .systemCall(1, "42")
                .finish();
        byte[] events = Files.readAllBytes(TraceFiles.events(dir));
        events[events.length - 3] ^= 0x5A; // a byte of the chunk's payload: its checksum no longer matches
        Files.write(TraceFiles.events(dir), events);
        try (Replay replay = TestSupport.open(dir, support, QUIET)) {
            String report = assertThrows(
                            ReplayDivergence.class, () -> replay.expectCreation(1, CreationKind.ACTOR, null))
                    .getMessage();
            assertTrue(report.startsWith("[reprise] REPLAY STOPPED AT DAMAGE"), report);
            assertTrue(report.contains("  damage: ") && report.contains("events.rpt"), report);
            assertTrue(report.contains("reached by: /user/parent (1)"), report);
            assertTrue(report.contains("The replay stops with exit code 88."), report);
            assertFalse(report.contains("changed since the recording"), report);
        }
    }

    @Test
    void aCreationOfAnotherKindOrClassThanRecordedIsADivergence() throws Exception {
        Path dir = HandBuiltTrace.in(tmp.resolve("trace"))
                .actor(1)
                .created(2, Worker.class)
                .created(3, CreationKind.TIMER)
                .finish();
        try (Replay replay = TestSupport.open(dir, support, QUIET)) {
            ReplayDivergence d = assertThrows(
                    ReplayDivergence.class, () -> replay.expectCreation(1, CreationKind.ACTOR, String.class));
            assertTrue(
                    d.getMessage()
                            .contains(
                                    "/user/parent (1): its event 1 (creation of an actor (id 2)) created an "
                                            + "actor of another class than when recorded: this replay creates a java.lang.String"),
                    d.getMessage());
            assertTrue(
                    d.getMessage().contains("likely cause: the program changed since the recording: a fingerprint"),
                    "a class check shows the change: " + d.getMessage());
        }
        try (Replay replay = TestSupport.open(dir, support, QUIET)) {
            assertEquals(2, replay.expectCreation(1, CreationKind.ACTOR, Worker.class), "the recorded class");
            ReplayDivergence d =
                    assertThrows(ReplayDivergence.class, () -> replay.expectCreation(1, CreationKind.TEMP_ACTOR, null));
            assertTrue(
                    d.getMessage()
                            .contains("/user/parent (1): its event 2: it created a temp actor, "
                                    + "but the trace expects setting a timer (id 3)"),
                    d.getMessage());
        }
    }

    @Test
    void everyLiveMailboxIsSeenFromItsStartToItsCleanUpAlsoTwoWithOneIdAndOneWithoutAnId() throws Exception {
        try (Replay replay = TestSupport.open(parentAndChild(), support, QUIET)) {
            TestMailbox parent = new TestMailbox(replay, 1);
            TestMailbox child = new TestMailbox(replay, 2);
            TestMailbox sameId = new TestMailbox(replay, 1); // two actor systems may give one path, so one id
            TestMailbox unknown = new TestMailbox(replay, TraceIds.UNKNOWN);
            assertEquals(
                    Set.of(parent, child, sameId, unknown),
                    Set.copyOf(replay.mailboxes().toList()));
            assertSame(parent, replay.mailboxOf(1));
            assertSame(unknown, replay.mailboxOf(TraceIds.UNKNOWN));

            parent.cleanUp();
            assertEquals(
                    Set.of(child, sameId, unknown),
                    Set.copyOf(replay.mailboxes().toList()));
            assertSame(sameId, replay.mailboxOf(1), "the other mailbox of the id is found still");
            sameId.cleanUp();
            unknown.cleanUp();
            assertEquals(List.of(child), replay.mailboxes().toList());
            assertNull(replay.mailboxOf(1));
            assertNull(replay.mailboxOf(TraceIds.UNKNOWN));
        }
    }

    @Test
    void aTurnThatSendsMoreThanRecordedIsADivergence() throws Exception {
        Path dir = HandBuiltTrace.in(tmp.resolve("trace"))
                .actor(1)
                .message(2, String.class, 2)
                .message(2, String.class, 0)
                .finish();
        try (Replay replay = TestSupport.open(dir, support, QUIET)) {
            TestMailbox mailbox = new TestMailbox(replay, 1);
            mailbox.arrive(2, "first");
            mailbox.arrive(2, "second");
            assertEquals("first", mailbox.take());
            replay.turnOver(1, mailbox.fingerprint(), 2);
            replay.turnEnded();
            assertNull(replay.divergence(), "two sends, as recorded");
            assertEquals("second", mailbox.take());
            replay.turnOver(1, mailbox.fingerprint(), 1);
            replay.turnEnded();
            String report = replay.divergence();
            assertTrue(
                    report != null
                            && report.contains("first difference: /user/parent (1): the turn of its event 2 "
                                    + "(message from /user/parent/child (2)) sent 1 messages, 1 modulo 7; when recorded, the count was "
                                    + "0 modulo 7"),
                    report);
            assertNull(mailbox.take(), "after a divergence nothing more runs");
        }
    }

    @Test
    void aTurnThatEndsWithoutTheCreationItMadeWhenRecordedIsADivergence() throws Exception {
        Path dir = HandBuiltTrace.in(tmp.resolve("trace"))
                .actor(1)
                .message(2)
                .created(3, CreationKind.ACTOR)
                .finish();
        try (Replay replay = TestSupport.open(dir, support, QUIET)) {
            TestMailbox mailbox = new TestMailbox(replay, 1);
            mailbox.arrive(2, "create one");
            assertEquals("create one", mailbox.take());
            replay.turnOver(1, mailbox.fingerprint(), 0);
            String report = replay.divergence();
            assertTrue(
                    report != null
                            && report.contains("first difference: /user/parent (1): its turn ended without its "
                                    + "event 2 (created actor 3), which the recording made in that turn."),
                    report);
        }
    }

    @Test
    void aProgramThatEndsBeforeItsRecordingDidIsADivergenceNamingWhatWasLeft() throws Exception {
        try (Replay replay = TestSupport.open(parentAndChild(), support, QUIET)) {
            replay.expectCreation(MAIN, CreationKind.ACTOR, null);
            replay.expectCreation(1, CreationKind.ACTOR, null);
            String printed = StandardErr.of(replay::finish);
            String report = replay.divergence();
            assertTrue(
                    report != null
                            && report.startsWith("[reprise] REPLAY DIVERGED: the program ended while actors "
                                    + "still expected recorded events."),
                    report);
            assertTrue(report.contains("actor: /user/parent (1)\n    expected next: system call"), report);
            // The child was created but never ran: counted, as the actors the replay never met are.
            assertTrue(report.contains("1 actors have events left [/user/parent (1) expects system call"), report);
            assertTrue(report.contains("1 recorded actors never appeared"), report);
            assertTrue(report.contains("The replay stops with exit code 86."), report);
            assertEquals(report + System.lineSeparator(), printed, "the report is what the user sees");
        }
    }

    @Test
    void aReplayThatConsumedEveryEventSaysSoAndIsNoDivergence() throws Exception {
        try (Replay replay = TestSupport.open(parentAndChild(), support, QUIET)) {
            replay.expectCreation(MAIN, CreationKind.ACTOR, null);
            replay.expectCreation(1, CreationKind.ACTOR, null);
            replay.expectSystemCall(1, "System.currentTimeMillis");
            replay.expectCreation(1, CreationKind.PROMISE, null);
            replay.expectSystemCall(2, "System.nanoTime");
            TestMailbox mailbox = new TestMailbox(replay, 1);
            mailbox.arrive(2, "done");
            assertEquals("done", mailbox.take());
            replay.turnEnded();
            String printed = StandardErr.of(replay::finish).strip();
            assertNull(replay.divergence());
            assertTrue(
                    printed.startsWith("[reprise] replay of " + replay.directory()
                            + ": the whole trace was consumed: replayed 1 of 1 "
                            + "messages (0 of 0 external), 2 of 2 system calls, 0 of 0 system messages, 3 of 3 "
                            + "creations; at most "),
                    printed);
        }
    }

    @Test
    void aJvmReplaysOneTraceAtATime() throws Exception {
        Path dir = parentAndChild();
        try (Replay replay = TestSupport.open(dir, support, QUIET)) {
            assertEquals(replay, Replay.current());
            IllegalStateException e =
                    assertThrows(IllegalStateException.class, () -> TestSupport.open(dir, support, QUIET));
            assertTrue(e.getMessage().contains("is already running in this JVM"), e.getMessage());
        }
        assertNull(Replay.current());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** A class of actor the program creates. */
    static final class Worker {}
}
