package dev.reprise.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.testsupport.HandBuiltTrace;
import dev.reprise.trace.CreationKind;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The replay of a recording that did not end cleanly (the JVM was killed): each actor stops where
 * its recorded events end, without a divergence, and once none can go further the replay ends
 * with the report of a truncated recording and exit code 87 ({@link RecordingEnd}), found by the
 * watchdog or at the program's own end. In tests the replay keeps the report instead of halting.
 */
class RecordingEndTest {
    private static final Duration QUIET = Duration.ofSeconds(5);

    @TempDir
    Path tmp;

    private final TestSupport support = new TestSupport().name(1, "/user/a").name(2, "/user/b");

    /** a creates b, asks the clock, and has sent b two messages; the recording was killed before a's second send was written. */
    private Path killedRecording(boolean clean) throws Exception {
        HandBuiltTrace t = HandBuiltTrace.in(tmp.resolve(clean ? "clean" : "killed"))
                .actor(1)
                .created(2, CreationKind.ACTOR)
                .systemCall(1, "7")
                .actor(2)
                .message(1)
                .message(1);
        return clean ? t.finish() : t.cutOff();
    }

    @Test
    void whenEveryActorHasReplayedWhatItCanTheReplayEndsWithTheTruncatedRecordingsReport() throws Exception {
        try (Replay replay = TestSupport.open(killedRecording(false), support, QUIET)) {
            assertEquals(2, replay.expectCreation(1, CreationKind.ACTOR, null));
            assertArrayEquals("7".getBytes(StandardCharsets.UTF_8), replay.expectSystemCall(1, "System.nanoTime"));
            assertNull(replay.expectSystemCall(1, "System.nanoTime"), "past a's end: no divergence, the real call");
            TestMailbox mailbox = new TestMailbox(replay, 2);
            mailbox.arrive(1, "first");
            // b waits for a's second message, which a's lost events would have sent: the watchdog ends the replay.
            String printed = StandardErr.untilTheReplayStops(Duration.ofSeconds(5), () -> {
                assertEquals("first", mailbox.take());
                replay.turnEnded();
            });
            assertTrue(replay.stopping(), "the replay ended");
            assertNull(replay.divergence(), "the end of a killed recording is not a divergence");
            assertTrue(
                    printed.contains("[reprise] the recording ends here (it did not end cleanly: the JVM was killed "
                            + "or crashed): replayed 1 of 2 recorded messages"),
                    printed);
            assertTrue(
                    printed.contains("1 actors still expected events that the lost part of the recording would have "
                            + "caused [/user/b (2) expects message from /user/a (1)]"),
                    printed);
            assertTrue(
                    printed.contains("The replay stops with exit code 87 (the end of a truncated recording)."),
                    printed);
            mailbox.arrive(1, "second");
            assertNull(mailbox.take(), "nothing more runs");
        }
    }

    @Test
    void theSameWaitInACleanRecordingIsADivergence() throws Exception {
        try (Replay replay = TestSupport.open(killedRecording(true), support, Duration.ofMillis(300))) {
            TestMailbox mailbox = new TestMailbox(replay, 2);
            new TestMailbox(replay, 1); // a is made, and uses up its events without sending b its second
            mailbox.arrive(1, "first"); // b waits for nothing yet
            replay.expectCreation(1, CreationKind.ACTOR, null);
            replay.expectSystemCall(1, "System.nanoTime");
            String printed = StandardErr.untilTheReplayStops(Duration.ofSeconds(5), () -> {
                assertEquals("first", mailbox.take());
                replay.turnEnded();
            });
            String report = replay.divergence();
            assertTrue(
                    report != null
                            && report.contains("first difference: /user/a (1) replayed all its recorded events "
                                    + "without sending the message from /user/a (1) that /user/b (2) waits for"),
                    printed);
            assertTrue(report.contains("likely cause: it went another way than recorded"), report);
            assertTrue(report.contains("The replay stops with exit code 86."), report);
        }
    }

    @Test
    void aProgramThatEndsOnItsOwnPastTheEndOfAKilledRecordingEndsAsTruncatedToo() throws Exception {
        try (Replay replay = TestSupport.open(killedRecording(false), support, QUIET)) {
            replay.expectCreation(1, CreationKind.ACTOR, null);
            replay.expectSystemCall(1, "System.nanoTime");
            TestMailbox mailbox = new TestMailbox(replay, 2);
            mailbox.arrive(1, "first");
            mailbox.arrive(1, "second");
            assertEquals("first", mailbox.take());
            replay.turnEnded();
            assertEquals("second", mailbox.take());
            replay.turnEnded();
            String printed = StandardErr.of(replay::finish);
            assertNull(replay.divergence());
            assertTrue(printed.startsWith("[reprise] the recording ends here (it did not end cleanly"), printed);
            assertTrue(printed.contains("replayed 2 of 2 recorded messages"), printed);
            assertTrue(printed.contains("exit code 87"), printed);
        }
    }
}
