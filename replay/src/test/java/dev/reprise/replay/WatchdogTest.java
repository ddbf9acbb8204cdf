package dev.reprise.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.testsupport.HandBuiltTrace;
import dev.reprise.trace.TraceIds;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replay never hangs silently ({@link Watchdog}): when nothing recorded is replayed for the quiet
 * time while an actor waits for a recorded message, or while a recorded turn is blocked, it stops
 * with a report naming the actor and why; a turn that computes for that long is not stuck
 * ({@link RunningTurns}).
 */
class WatchdogTest {
    private static final long ACTOR = 10;
    private static final Duration QUIET = Duration.ofMillis(300);

    @TempDir
    Path tmp;

    private final TestSupport support =
            new TestSupport().name(ACTOR, "/user/counter").name(1, "/user/a").name(3, "/user/c");

    /** The counter's first event is a message from a, whose first is a system call. */
    private Path counterWaitingForA() throws Exception {
        return HandBuiltTrace.in(tmp.resolve("trace"))
                .actor(ACTOR)
                .message(1)
                .actor(1)
                .systemCall(1, "0")
                .finish();
    }

    @Test
    void anActorWaitingForAMessageItsSenderHasNotSentYetStopsTheReplayAfterTheQuietTime() throws Exception {
        Path dir = counterWaitingForA();
        try (Replay replay = TestSupport.open(dir, support, QUIET)) {
            new TestMailbox(replay, 1); // the sender is made; it never makes its recorded call
            TestMailbox mailbox = new TestMailbox(replay, ACTOR);
            mailbox.arrive(3, "c1"); // not the one it waits for
            String printed = StandardErr.untilTheReplayStops(Duration.ofSeconds(5), () -> assertNull(mailbox.take()));
            String report = replay.divergence();
            assertTrue(
                    report != null && report.startsWith("[reprise] REPLAY DIVERGED: no actor can make progress"),
                    printed);
            assertTrue(
                    report.contains("first difference: /user/a (1) has not made its next recorded event, system call"),
                    "the actor that differed comes first, not the one waiting for it: " + report);
            assertTrue(report.contains("/user/counter (10) waits for message from /user/a (1) after it"), report);
            assertTrue(report.contains("likely cause: it went another way than recorded"), report);
            assertTrue(report.indexOf("  actor: /user/a (1)") < report.indexOf("  actor: /user/counter (10)"), report);
            assertTrue(
                    report.contains("in its mailbox: 1 message:\n      1 × String from /user/c (3): \"c1\""), report);
        }
    }

    /**
     * As a stream whose start raced the offers made to it: a ledger waits for input from a task
     * that the stream's actor started, and that actor waits for a message from itself while what
     * came instead (input from main) waits in its mailbox. The stream is where it went another way.
     */
    @Test
    void aWaitForATasksInputComesDownToTheActorThatStartedItWhichWaitsForItself() throws Exception {
        long ledger = 25;
        long stream = 27;
        long task = TraceIds.FIRST_EXTERNAL_SOURCE + 13;
        long main = TraceIds.FIRST_EXTERNAL_SOURCE;
        Path dir = HandBuiltTrace.in(tmp.resolve("trace"))
                .source("thread:main", main)
                .source("actor 27/task 2", task)
                .actor(ledger)
                .external(task)
                .actor(stream)
                .message(stream)
                .external(main)
                .finish();
        support.name(ledger, "/user/ledger")
                .name(stream, "/system/Materializers/StreamSupervisor-0/flow-0-0-ignoreSink")
                .name(task, "outside source actor 27/task 2")
                .starts(task, stream);
        try (Replay replay = TestSupport.open(dir, support, QUIET)) {
            TestMailbox waiting = new TestMailbox(replay, ledger);
            TestMailbox streams = new TestMailbox(replay, stream);
            streams.arrive(main, "offer 1");
            streams.arrive(main, "offer 2");
            String printed = StandardErr.untilTheReplayStops(Duration.ofSeconds(5), () -> {
                assertNull(waiting.take());
                assertNull(streams.take());
            });
            String report = replay.divergence();
            assertTrue(report != null, printed);
            assertTrue(
                    report.contains("first difference: /system/Materializers/StreamSupervisor-0/flow-0-0-ignoreSink "
                            + "(27) waits for a message from itself, which it has not sent; /user/ledger (25) waits "
                            + "for outside input from outside source actor 27/task 2"),
                    "the stream that went another way comes first, not the ledger waiting for its task: " + report);
            assertTrue(report.contains("its mailbox holds what came instead"), report);
            assertTrue(
                    report.indexOf("  actor: /system/Materializers") < report.indexOf("  actor: /user/ledger"), report);
        }
    }

    /** An actor waiting for input from a task of its own, started in a turn that never came: the actor is named. */
    @Test
    void anActorWaitingForItsOwnTasksInputIsTheFirstDifference() throws Exception {
        long stream = 27;
        long task = TraceIds.FIRST_EXTERNAL_SOURCE + 3;
        Path dir = HandBuiltTrace.in(tmp.resolve("trace"))
                .source("actor 27/task 1", task)
                .actor(stream)
                .external(task)
                .finish();
        support.name(stream, "/user/stream")
                .name(task, "outside source actor 27/task 1")
                .starts(task, stream);
        try (Replay replay = TestSupport.open(dir, support, QUIET)) {
            TestMailbox mailbox = new TestMailbox(replay, stream);
            mailbox.arrive(1, "a1");
            String printed = StandardErr.untilTheReplayStops(Duration.ofSeconds(5), () -> assertNull(mailbox.take()));
            String report = replay.divergence();
            assertTrue(report != null, printed);
            assertTrue(
                    report.contains("first difference: /user/stream (27) waits for outside input from outside source "
                            + "actor 27/task 1"),
                    report);
            assertTrue(report.contains("from a task or thread its own turn started, which it has not sent"), report);
        }
    }

    @Test
    void aWaitWhileTheProgramGoesOnByItselfIsNotStuckAndIsReportedOnceItStops() throws Exception {
        Path dir = counterWaitingForA();
        try (Replay replay = TestSupport.open(dir, support, QUIET)) {
            support.goesOn = "thread main sleeps"; // as main does before it sends what the actors wait for
            new TestMailbox(replay, 1);
            TestMailbox mailbox = new TestMailbox(replay, ACTOR);
            String waited = StandardErr.of(() -> {
                assertNull(mailbox.take());
                sleep(QUIET.multipliedBy(5));
            });
            assertNull(replay.divergence(), "a wait is not a divergence: " + waited);
            assertEquals(
                    1,
                    waited.lines()
                            .filter(l -> l.startsWith("[reprise] nothing recorded was replayed for ")
                                    && l.contains("but thread main sleeps: the program waits by itself"))
                            .count(),
                    "said once: " + waited);

            support.goesOn = null; // main now parks on a future the replay holds back: stuck after the quiet time
            long stopped = System.nanoTime();
            StandardErr.untilTheReplayStops(Duration.ofSeconds(5), () -> {});
            assertTrue(replay.divergence() != null, "a stuck replay is still reported");
            assertTrue(System.nanoTime() - stopped < QUIET.multipliedBy(4).toNanos(), "within about the quiet time");
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aTurnBlockedForTheQuietTimeStopsTheReplayNamingItsThread() throws Exception {
        Path dir =
                HandBuiltTrace.in(tmp.resolve("trace")).actor(ACTOR).message(1).finish();
        try (Replay replay = TestSupport.open(dir, support, QUIET)) {
            TestMailbox mailbox = new TestMailbox(replay, ACTOR);
            mailbox.arrive(1, "a1");
            CountDownLatch never = new CountDownLatch(1);
            AtomicReference<String> got = new AtomicReference<>();
            Thread turn = new Thread(
                    () -> {
                        got.set(mailbox.take());
                        try {
                            never.await(); // as in Await.result on a reply the replay holds back
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        replay.turnEnded();
                    },
                    "blocked-turn");
            String printed;
            try {
                printed = StandardErr.untilTheReplayStops(Duration.ofSeconds(5), turn::start);
            } finally {
                never.countDown();
                turn.join();
            }
            assertEquals("a1", got.get());
            String report = replay.divergence();
            assertTrue(
                    report != null
                            && report.contains("first difference: /user/counter (10) has been blocked in its "
                                    + "turn for at least"),
                    printed);
            assertTrue(report.contains("(WAITING on thread blocked-turn)"), report);
            assertTrue(report.contains("where it waits:\n      at "), report);
        }
    }

    @Test
    void aTurnThatComputesForLongerThanTheQuietTimeIsNotStuck() throws Exception {
        Path dir = HandBuiltTrace.in(tmp.resolve("trace"))
                .actor(ACTOR)
                .message(1)
                .message(1)
                .finish();
        try (Replay replay = TestSupport.open(dir, support, QUIET)) {
            TestMailbox mailbox = new TestMailbox(replay, ACTOR);
            mailbox.arrive(1, "a1");
            assertEquals("a1", mailbox.take());
            long end = System.nanoTime() + 3 * QUIET.toNanos();
            long spins = 0;
            while (System.nanoTime() < end) { // the turn computes; the next message has not been sent yet
                spins++;
            }
            assertTrue(spins > 0);
            replay.turnEnded();
            assertFalse(replay.stopping(), "a turn that computes is progress");
            assertNull(replay.divergence());
            mailbox.arrive(1, "a2");
            assertEquals("a2", mailbox.take());
        }
    }

    @Test
    void aTurnThatSleepsLongerThanTheQuietTimeIsAWaitNotADivergence() throws Exception {
        Path dir = HandBuiltTrace.in(tmp.resolve("trace"))
                .actor(ACTOR)
                .message(1)
                .message(1)
                .finish();
        try (Replay replay = TestSupport.open(dir, support, QUIET)) {
            TestMailbox mailbox = new TestMailbox(replay, ACTOR);
            mailbox.arrive(1, "a1");
            String printed = StandardErr.of(() -> {
                assertEquals("a1", mailbox.take());
                sleep(QUIET.multipliedBy(4)); // Thread.sleep in the actor's code, as when it was recorded
                replay.turnEnded();
            });
            assertFalse(replay.stopping(), "a turn that sleeps goes on by itself: " + printed);
            assertNull(replay.divergence());
            assertTrue(printed.contains("but the turn of /user/counter (10) sleeps (thread "), printed);
            mailbox.arrive(1, "a2");
            assertEquals("a2", mailbox.take());
        }
    }
}
