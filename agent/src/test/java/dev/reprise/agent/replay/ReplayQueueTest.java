package dev.reprise.agent.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Nobody$;
import akka.dispatch.Envelope;
import dev.reprise.replay.MessageKey;
import dev.reprise.replay.Replay;
import dev.reprise.replay.ReplayDivergence;
import dev.reprise.replay.ReplaySupport;
import dev.reprise.testsupport.HandBuiltTrace;
import dev.reprise.trace.ClassCodes;
import dev.reprise.trace.SystemMessageKind;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The replay mailbox ({@link ReplayQueue}) on traces written by hand ({@link HandBuiltTrace}),
 * with real Akka envelopes and no actor system: the actor gets its messages in the
 * recorded order of their senders whatever order they arrive in, is told it has a message only
 * when the expected one is there, gets a system message that came early at its recorded place,
 * stops at the end of its recording, and a message of another class than recorded stops the
 * replay with a report naming the actor.
 */
class ReplayQueueTest {
    private static final long ACTOR = 10;
    /** Long enough that the watchdog never speaks in these tests. */
    private static final Duration QUIET = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    /** A message of the program, sent by actor {@code from}. */
    record Sent(long from, String text) {}

    /** A message class the recording did not send. */
    record Changed(long from) {}

    /** Actor 10 processed, in this order: a1 b1 a2 c1 b2 a3 (the number: the sender's n-th message). */
    private static final List<Sent> RECORDED = List.of(
            new Sent(1, "a1"),
            new Sent(2, "b1"),
            new Sent(1, "a2"),
            new Sent(3, "c1"),
            new Sent(2, "b2"),
            new Sent(1, "a3"));

    @Test
    void messagesComeOutInTheRecordedOrderWhateverOrderTheyArriveIn() throws Exception {
        Path dir = recorded();
        for (int seed = 0; seed < 20; seed++) {
            // Another interleaving of the three senders, each sender's messages in its own order (as Akka keeps them).
            List<Sent> arrivals = interleaving(new Random(seed));
            try (Replay replay = open(dir, false)) {
                ReplayQueue mailbox = mailbox(replay);
                List<String> processed = new ArrayList<>();
                for (Sent s : arrivals) {
                    mailbox.enqueue(null, envelope(s));
                    while (mailbox.hasMessages()) {
                        processed.add(text(mailbox.dequeue()));
                        replay.turnEnded();
                    }
                    assertNull(mailbox.dequeue(), "no message unless hasMessages says so");
                }
                assertEquals(List.of("a1", "b1", "a2", "c1", "b2", "a3"), processed, "arrivals " + arrivals);
                assertEquals(0, mailbox.numberOfMessages());
                assertNull(replay.divergence());
            }
        }
    }

    @Test
    void theActorHasNoMessageUntilTheExpectedOneArrives() throws Exception {
        try (Replay replay = open(recorded(), false)) {
            ReplayQueue mailbox = mailbox(replay);
            mailbox.enqueue(null, envelope(new Sent(2, "b1")));
            mailbox.enqueue(null, envelope(new Sent(3, "c1")));
            assertEquals(2, mailbox.numberOfMessages());
            assertFalse(mailbox.hasMessages(), "a1 comes first, and has not arrived");
            assertNull(mailbox.dequeue());
            mailbox.enqueue(null, envelope(new Sent(1, "a1")));
            assertTrue(mailbox.hasMessages());
            assertEquals("a1", text(mailbox.dequeue()));
            replay.turnEnded();
            assertEquals("b1", text(mailbox.dequeue()));
            replay.turnEnded();
            assertFalse(mailbox.hasMessages(), "a2 next: c1 waits");
            assertEquals(1, mailbox.numberOfMessages());
        }
    }

    @Test
    void aSystemMessageThatArrivesEarlyIsHandedBackAtItsRecordedPlace() throws Exception {
        Path dir = trace().message(1)
                .systemMessageTurn(SystemMessageKind.DEATH_WATCH, 2)
                .message(3)
                .finish();
        try (Replay replay = open(dir, false)) {
            ReplayQueue mailbox = mailbox(replay);
            assertFalse(
                    mailbox.admitSystemMessage(SystemMessageKind.DEATH_WATCH, 2, "b died"),
                    "the recording saw b's death after a's message: held");
            assertEquals(List.of(), mailbox.dueSystemMessages());
            mailbox.enqueue(null, envelope(new Sent(3, "c1")));
            mailbox.enqueue(null, envelope(new Sent(1, "a1")));
            assertEquals("a1", text(mailbox.dequeue()));
            replay.turnEnded();
            assertFalse(mailbox.hasMessages(), "c1 waits for b's death");
            assertEquals(List.of("b died"), mailbox.dueSystemMessages(), "its turn has come");
            assertTrue(
                    mailbox.admitSystemMessage(SystemMessageKind.DEATH_WATCH, 2, "b died"),
                    "sent again, it is the next recorded event");
            replay.turnEnded();
            assertEquals("c1", text(mailbox.dequeue()));
            replay.turnEnded();
            assertNull(replay.divergence());
        }
    }

    @Test
    void aMessageOfAnotherClassThanRecordedIsADivergenceAndTheActorProcessesNothingMore() throws Exception {
        assertNotEquals(
                ClassCodes.ofClass(Sent.class), ClassCodes.ofClass(Changed.class), "the fingerprints tell them apart");
        try (Replay replay = open(recorded(), false)) {
            ReplayQueue mailbox = mailbox(replay);
            mailbox.enqueue(null, envelope(new Sent(1, "a1")));
            assertEquals("a1", text(mailbox.dequeue()));
            replay.turnEnded();
            // Where the recording had b's first message, b now sends another class of message (the program changed).
            mailbox.enqueue(null, envelope(new Changed(2)));
            ReplayDivergence d = assertThrows(ReplayDivergence.class, mailbox::dequeue);
            assertTrue(
                    d.getMessage()
                            .contains("first difference: /user/counter (10): its event 2 (message from "
                                    + "/user/b (2)) is a message of another class than when recorded: this replay has a "
                                    + Changed.class.getName()),
                    d.getMessage());
            mailbox.enqueue(null, envelope(new Sent(1, "a2")));
            assertFalse(mailbox.hasMessages(), "after a divergence nothing more runs");
            assertNull(mailbox.dequeue());
        }
    }

    @Test
    void pastTheEndOfItsRecordingTheActorProcessesNoMoreUnlessTheReplayGoesOnLive() throws Exception {
        Path dir = trace().message(1).finish();
        for (boolean live : new boolean[] {false, true}) {
            try (Replay replay = open(dir, live)) {
                ReplayQueue mailbox = mailbox(replay);
                mailbox.enqueue(null, envelope(new Sent(2, "b1")));
                mailbox.enqueue(null, envelope(new Sent(1, "a1")));
                mailbox.enqueue(null, envelope(new Sent(1, "a2")));
                assertEquals("a1", text(mailbox.dequeue()));
                replay.turnEnded();
                if (live) {
                    assertTrue(mailbox.hasMessages(), "live: the rest in arrival order");
                    assertEquals("b1", text(mailbox.dequeue()));
                    assertEquals("a2", text(mailbox.dequeue()));
                } else {
                    assertFalse(mailbox.hasMessages());
                    assertNull(mailbox.dequeue(), "the program sees exactly what was recorded");
                }
                assertNull(replay.divergence());
            }
        }
    }

    /** {@link #RECORDED}, each message's fingerprint naming the class {@link Sent}; ended cleanly. */
    private Path recorded() throws Exception {
        HandBuiltTrace trace = trace();
        RECORDED.forEach(s -> trace.message(s.from(), Sent.class));
        return trace.finish();
    }

    private int traces;

    /** A new trace whose one actor is {@link #ACTOR}: the events written next are its. */
    private HandBuiltTrace trace() throws Exception {
        return HandBuiltTrace.in(tmp.resolve("trace" + traces++)).actor(ACTOR);
    }

    private static Replay open(Path dir, boolean liveAfterEnd) throws Exception {
        return Replay.open(dir, NAMES, QUIET, liveAfterEnd, false, false);
    }

    /** Actor 10's replay mailbox, without an actor ref or system. */
    private static ReplayQueue mailbox(Replay replay) {
        return new ReplayQueue(replay, MAILBOX, null, null);
    }

    /** An envelope as Akka makes one; its sender ref, Akka's {@code Nobody}, needs no actor system. */
    private static Envelope envelope(Object message) {
        return Envelope.apply(message, Nobody$.MODULE$, null);
    }

    private static String text(Envelope e) {
        return e == null ? null : ((Sent) e.message()).text();
    }

    /** {@link #RECORDED}'s messages, shuffled across senders but in order per sender. */
    private static List<Sent> interleaving(Random random) {
        List<Long> senders = new ArrayList<>();
        RECORDED.forEach(s -> senders.add(s.from()));
        Collections.shuffle(senders, random);
        List<Sent> out = new ArrayList<>();
        int[] next = new int[4];
        for (long sender : senders) {
            List<Sent> own = RECORDED.stream().filter(s -> s.from() == sender).toList();
            out.add(own.get(next[(int) sender]++));
        }
        return out;
    }

    private static String name(long id) {
        return switch ((int) id) {
            case 10 -> "/user/counter (10)";
            case 1 -> "/user/a (1)";
            case 2 -> "/user/b (2)";
            case 3 -> "/user/c (3)";
            default -> "actor (" + id + ")";
        };
    }

    /** What the replay core asks of the agent: names for reports. */
    private static final ReplaySupport NAMES = new ReplaySupport() {
        @Override
        public String describe(long id) {
            return name(id);
        }

        @Override
        public boolean isApplicationActor(long id) {
            return true;
        }

        @Override
        public int timersKeptAtMost() {
            return 0;
        }

        @Override
        public void forget(long id) {}
    };

    /** What the mailbox asks of the agent: a message's key (its true sender travels in the message), actor 10's id. */
    private static final MailboxSupport MAILBOX = new MailboxSupport() {
        @Override
        public MessageKey keyOf(Envelope envelope) {
            long from = envelope.message() instanceof Sent s ? s.from() : ((Changed) envelope.message()).from();
            return new MessageKey(MessageKey.PLAIN, from, 0);
        }

        @Override
        public long actorId(ActorRef actor) {
            return ACTOR;
        }

        @Override
        public ActorRef actorRef(long id) {
            return null;
        }

        @Override
        public ActorRef standIn(long id, ActorSystem system) {
            return null;
        }

        @Override
        public boolean resendsLive(long source) {
            return true;
        }

        @Override
        public void markInjected(Envelope envelope, long source, long dataId) {}

        @Override
        public long injectedData(Envelope envelope) {
            return 0;
        }

        @Override
        public boolean waitsForLiveCopy(long source) {
            return false;
        }

        @Override
        public boolean inputFromTrace() {
            return false;
        }

        @Override
        public String describe(long id) {
            return name(id);
        }

        @Override
        public boolean fireTimer(long timerId) {
            return false;
        }
    };
}
