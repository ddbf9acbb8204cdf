package dev.reprise.agent.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.AgentActor;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.record.RecordMode;
import dev.reprise.runtime.Recorder;
import dev.reprise.runtime.RecorderSettings;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one notion of "inside" the agent's helpers share ({@link AgentThread}), driven directly:
 * whose tag a send carries, who owns a callback registered now, who resolves a promise completed
 * now, who creates what is created now, and whose clock and random calls are recorded, in a turn,
 * in a nested turn, in a callback (outside a turn and run at once inside one), and outside any
 * turn on a thread the program started or on a pool's thread, known by its name only.
 */
class AgentThreadTest {
    private static final long A = 40;
    private static final long B = 41;
    private static final long RESOLVER = 77;

    @TempDir
    Path tmp;

    private Recorder recorder;

    @BeforeEach
    void recording() throws Exception {
        recorder = Recorder.startWithoutMBean(RecorderSettings.defaults(tmp.resolve("trace")), Map.of());
        Agent.mode = new RecordMode(recorder, false, AgentCopy.only());
    }

    @AfterEach
    void end() {
        Agent.mode = null;
        recorder.close();
    }

    @Test
    void inATurnEverythingIsTheActors() {
        AgentThread t = AgentThread.current();
        AgentActor a = new AgentActor(A);
        t.enter(a);
        assertSame(a.sends, t.tagForSend(), "a send carries the actor's own tag");
        assertEquals(A, t.tagForSend().sender);
        assertSame(a, t.callOwner());
        assertSame(a, t.creator());
        assertEquals(A, t.ownerId(), "a callback registered in the turn is the actor's");
        assertEquals(A, t.resolverId(), "a promise completed in the turn is the actor's");
        assertTrue(t.recordsCalls());
        t.exit();
        assertNull(t.current);
    }

    @Test
    void aNestedTurnGoesBackToTheOneItInterrupted() {
        AgentThread t = AgentThread.current();
        AgentActor a = new AgentActor(A);
        AgentActor b = new AgentActor(B);
        t.enter(a);
        t.enter(b); // a calling-thread dispatcher runs b's turn inside a's
        assertSame(b, t.callOwner());
        assertEquals(B, t.tagForSend().sender);
        t.exit();
        assertSame(a, t.callOwner(), "back in a's turn");
        assertSame(a.sends, t.tagForSend());
        t.exit();
        assertNull(t.callOwner());
    }

    @Test
    void aCallbackSendsAsItsOwnerResolvedByItsResolverAndCreatesAsItsOwnContext() {
        AgentThread t = AgentThread.current();
        AgentActor a = new AgentActor(A);
        t.enter(a);
        OutsideContext callback =
                OutsideContext.startedBy(t, OutsideContext.Starts.CALLBACK, A); // registered in a's turn
        t.exit();

        Tag tag = Tag.promise(A, RESOLVER, callback);
        Tag previous = t.enterCallback(tag); // it runs later, outside any turn
        assertSame(tag, t.tagForSend(), "what it sends is a promise message from its owner, resolved by the resolver");
        assertEquals(A, t.ownerId(), "a callback registered in a callback belongs to the same owner");
        assertEquals(
                callback.actor().id(),
                t.resolverId(),
                "a promise it completes is its own doing, not the resolver's it came from");
        assertSame(callback.actor(), t.creator(), "what it creates, its context creates");
        assertSame(
                callback.actor(),
                t.callOwner(),
                "its calls are its context's: it starts at the same place in every run");
        assertEquals(
                "actor 40/callback 1", callback.name(), "named by who registered it and its rank, never by its thread");
        t.exitCallback(previous);
        assertNull(t.sends);
    }

    @Test
    void aCallbackRunAtOnceInsideATurnIsStillTheCallback() {
        AgentThread t = AgentThread.current();
        AgentActor a = new AgentActor(A);
        t.enter(a);
        OutsideContext callback = OutsideContext.startedBy(t, OutsideContext.Starts.CALLBACK, A);
        Tag previous = t.enterCallback(Tag.promise(A, RESOLVER, callback)); // its promise was already completed
        assertSame(callback.actor(), t.callOwner());
        assertSame(callback.actor(), t.creator());
        assertEquals(callback.actor().id(), t.resolverId());
        t.exitCallback(previous);
        assertSame(a, t.callOwner(), "back in the turn");
        t.exit();
    }

    @Test
    void outsideAnyTurnAStartedThreadIsAnOutsideSourceAndAPoolsThreadRecordsNothing() throws Exception {
        Agent.mode.lineage.start(Thread.currentThread()); // this test's thread plays main, where the agent starts
        String main = AgentThread.current().outsideContext().name();
        assertTrue(main.startsWith("thread:"), main);

        AtomicReference<Object> seen = new AtomicReference<>();
        Thread started = new Thread(() -> seen.set(seenFromHere()), "whatever its name");
        started.start();
        started.join();
        Object[] s = (Object[]) seen.get();
        assertEquals(main + "/thread 1", s[0], "named by its maker and its rank, not by its name");
        assertEquals(Tag.EXTERNAL, s[1], "outside a turn a send is outside input");
        assertEquals(s[4], s[2], "from the thread's own pseudo-actor");
        assertEquals(s[4], s[3], "whose calls are recorded as its own");

        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Object[] p = (Object[]) pool.submit(this::seenFromHere).get(10, TimeUnit.SECONDS);
            assertTrue(((String) p[0]).startsWith("thread:pool-"), "a pool's thread is known by its name: " + p[0]);
            assertEquals(Tag.EXTERNAL, p[1]);
            assertNull(p[3], "which pool thread runs what is chance: its calls are not recorded");
        } finally {
            pool.shutdown();
        }
    }

    /** This thread's outside context's name, a send's tag kind and sender, its call owner's id (or null) and its pseudo-actor's id. */
    private Object[] seenFromHere() {
        AgentThread t = AgentThread.current();
        Tag tag = t.tagForSend();
        AgentActor owner = t.callOwner();
        return new Object[] {
            t.outsideContext().name(),
            tag.kind,
            tag.sender,
            owner == null ? null : owner.id(),
            t.outside().id()
        };
    }
}
