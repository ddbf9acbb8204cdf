package dev.reprise.savina;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Failures inside actors and hung iterations fail loudly instead of hanging or restarting. */
class FailurePropagationTest {
    private static ActorSystem system;

    @BeforeAll
    static void start() {
        system = ActorSystem.create("failures", SavinaConfig.forDispatcher(SavinaConfig.Dispatcher.DEFAULT));
    }

    @AfterAll
    static void stop() throws Exception {
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    record Go() {}

    /** A root whose grandchild fails a check. */
    static final class FailingRoot extends RootActor<Integer> {
        FailingRoot(CompletableFuture<Integer> completion) {
            super(completion);
        }

        @Override
        public void preStart() {
            getContext().actorOf(Props.create(Middle.class, Middle::new)).tell(new Go(), getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().match(Integer.class, this::finish).build();
        }
    }

    static final class Middle extends BenchActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(
                            Go.class,
                            m -> getContext()
                                    .actorOf(Props.create(Leaf.class, Leaf::new))
                                    .tell(m, getSelf()))
                    .build();
        }
    }

    static final class Leaf extends BenchActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Go.class, m -> {
                        throw new CheckFailedException("Probe", "value", 1, 2);
                    })
                    .build();
        }
    }

    /** A root that throws itself. */
    static final class ThrowingRoot extends RootActor<Integer> {
        ThrowingRoot(CompletableFuture<Integer> completion) {
            super(completion);
        }

        @Override
        public void preStart() {
            getSelf().tell(new Go(), ActorRef.noSender());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Go.class, m -> {
                        throw new IllegalStateException("boom");
                    })
                    .build();
        }
    }

    /** A root that never finishes. */
    static final class SilentRoot extends RootActor<Integer> {
        SilentRoot(CompletableFuture<Integer> completion) {
            super(completion);
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().build();
        }
    }

    @Test
    void checkFailureInADescendantFailsTheIteration() {
        CheckFailedException e = assertThrows(
                CheckFailedException.class,
                () -> Iteration.<Integer>await(
                        system,
                        "Probe",
                        f -> Props.create(FailingRoot.class, () -> new FailingRoot(f)),
                        Duration.ofSeconds(20)));
        assertTrue(e.getMessage().contains("Probe: check failed: value: expected 1, actual 2"), e.getMessage());
    }

    @Test
    void exceptionInTheRootFailsTheIterationWithoutRestart() {
        IterationFailedException e = assertThrows(
                IterationFailedException.class,
                () -> Iteration.<Integer>await(
                        system,
                        "Probe",
                        f -> Props.create(ThrowingRoot.class, () -> new ThrowingRoot(f)),
                        Duration.ofSeconds(20)));
        assertTrue(e.getMessage().startsWith("Probe: an actor failed"), e.getMessage());
        assertSame(IllegalStateException.class, e.getCause().getClass());
    }

    @Test
    void hungIterationTimesOut() throws Exception {
        IterationFailedException e = assertThrows(
                IterationFailedException.class,
                () -> Iteration.<Integer>await(
                        system,
                        "Probe",
                        f -> Props.create(SilentRoot.class, () -> new SilentRoot(f)),
                        Duration.ofMillis(300)));
        assertTrue(e.getMessage().startsWith("Probe: iteration did not finish"), e.getMessage());
        QuickParamsTest.assertNoTopLevelActorsLeft(system);
    }
}
