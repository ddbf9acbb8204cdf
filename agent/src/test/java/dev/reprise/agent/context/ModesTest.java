package dev.reprise.agent.context;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.AgentActor;
import dev.reprise.agent.record.RecordMode;
import dev.reprise.agent.replay.ReplayMode;
import dev.reprise.replay.ReplayDivergence;
import dev.reprise.runtime.Recorder;
import dev.reprise.runtime.RecorderSettings;
import dev.reprise.testsupport.Traces;
import dev.reprise.trace.CreationKind;
import dev.reprise.trace.DataFileReader;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent's two modes driven directly, in process, without Akka running: what {@link RecordMode}
 * writes for an actor's turn and for a thread the program started, a real trace on disk shows, and
 * {@link ReplayMode} on that trace gives the same ids and values back, numbers what the trace does
 * not have apart from every recorded id, and names the actor that went another way.
 */
class ModesTest {
    private static final long PARENT = 40;
    private static final String CALL = "Random.next(int)";

    @TempDir
    Path tmp;

    @AfterEach
    void noMode() {
        Agent.mode = null;
    }

    @Test
    void aRecordedTurnAndThreadReplayWithTheirIdsAndValues() throws Exception {
        Path trace = tmp.resolve("trace");
        Recorder recorder = Recorder.startWithoutMBean(RecorderSettings.defaults(trace), Map.of());
        RecordMode record = recording(recorder);

        // The parent's turn: two children and a random draw, on a thread the recorder knows.
        AgentThread t = parentsTurn();
        long first = record.newId(t, CreationKind.ACTOR, null);
        long second = record.newId(t, CreationKind.ACTOR, null);
        assertNull(record.systemCall(t, CALL, bytes("turn")), "recording hands back no value: the live one stands");
        record.turnOver(t, null);
        assertNull(t.callOwner(), "outside any turn, this test's thread (known by its name only) records no calls");

        // A thread the program's main thread started: its calls are its own pseudo-actor's.
        String threadCall = onStartedThread(record, () -> {
            AgentThread started = AgentThread.current(); // its first call comes before it sends anything
            assertNull(record.systemCall(started, CALL, bytes("thrd")));
            return "recorded";
        });
        assertEquals("recorded", threadCall);
        recorder.close();

        Map<Long, List<TraceEvent>> events = Traces.events(trace);
        List<TraceEvent> parent = events.get(PARENT);
        assertEquals(
                List.of(
                        new TraceEvent.Creation(first, CreationKind.ACTOR),
                        new TraceEvent.Creation(second, CreationKind.ACTOR)),
                parent.subList(0, 2),
                parent.toString());
        // The started thread is an outside source named by its maker and rank.
        long threadSource = Traces.sourceId(trace, "thread:root/thread 1");
        try (DataFileReader data = DataFileReader.open(TraceFiles.data(trace))) {
            assertArrayEquals(bytes("turn"), data.read(PARENT, ((TraceEvent.SystemCall) parent.get(2)).dataId()));
            TraceEvent.SystemCall onThread =
                    (TraceEvent.SystemCall) events.get(threadSource).get(0);
            assertArrayEquals(bytes("thrd"), data.read(threadSource, onThread.dataId()));
        }

        try (ReplayMode replay =
                new ReplayMode(trace, false, Duration.ofMinutes(1), false, false, false, AgentCopy.only())) {
            replayTurnAndThread(replay, first, second, threadSource);
        }
    }

    private static void replayTurnAndThread(ReplayMode replay, long first, long second, long threadSource)
            throws Exception {
        Agent.mode = replay;
        AgentThread r = parentsTurn();
        assertEquals(first, replay.newId(r, CreationKind.ACTOR, null), "the n-th creation gets the n-th recorded id");
        assertEquals(second, replay.newId(r, CreationKind.ACTOR, null));
        assertArrayEquals(
                bytes("turn"), replay.systemCall(r, CALL, bytes("live")), "the recorded value replaces the live one");
        long unrecorded = replay.newId(r, CreationKind.ACTOR, null);
        assertTrue(
                unrecorded >= 1L << 62,
                "past the end of its events, an id apart from every recorded one: " + unrecorded);
        r.exit(); // the turn's end without an Akka cell (turnOver also releases the cell's held system messages)

        AtomicReference<byte[]> replayed = new AtomicReference<>();
        onStartedThread(replay, () -> {
            AgentThread started = AgentThread.current();
            assertEquals(
                    threadSource, started.callOwner().id(), "the started thread is the recorded outside source again");
            replayed.set(replay.systemCall(started, CALL, bytes("live")));
            return null;
        });
        assertArrayEquals(bytes("thrd"), replayed.get());

        // The child recorded no events: a call in its turn is past the end of its recording, made live.
        AgentThread again = AgentThread.current();
        again.enter(new AgentActor(first));
        assertNull(replay.systemCall(again, CALL, bytes("live")), "an actor with no recorded events goes on live");
        again.exit();
    }

    @Test
    void aTurnThatCallsWhereItsRecordingCreatedDivergesNamingItsActor() throws Exception {
        // Recorded: the parent creates a child. Replayed: it draws a random number first.
        Path trace = tmp.resolve("trace");
        Recorder recorder = Recorder.startWithoutMBean(RecorderSettings.defaults(trace), Map.of());
        RecordMode record = recording(recorder);
        AgentThread t = parentsTurn();
        record.newId(t, CreationKind.ACTOR, null);
        record.turnOver(t, null);
        recorder.close();
        try (ReplayMode replay =
                new ReplayMode(trace, false, Duration.ofMinutes(1), false, false, false, AgentCopy.only())) {
            Agent.mode = replay;
            AgentThread r = parentsTurn();
            ReplayDivergence d = assertThrows(ReplayDivergence.class, () -> replay.systemCall(r, CALL, bytes("live")));
            assertTrue(
                    d.getMessage().contains(CALL)
                            && d.getMessage().contains(String.valueOf(PARENT))
                            && d.getMessage().contains("creat"),
                    d.getMessage());
        }
    }

    /** Record mode, as the agent chooses it at start-up. */
    private static RecordMode recording(Recorder recorder) {
        RecordMode record = new RecordMode(recorder, false, AgentCopy.only());
        Agent.mode = record;
        return record;
    }

    /** This thread's state, in a turn of the parent. */
    private static AgentThread parentsTurn() {
        AgentThread t = AgentThread.current();
        t.enter(new AgentActor(PARENT));
        return t;
    }

    /** Runs {@code body} on a thread started by a thread that is the root of its lineage, as main is. */
    private static <T> T onStartedThread(Mode mode, Callable<T> body) throws Exception {
        AtomicReference<Object> result = new AtomicReference<>();
        Thread root = new Thread(
                () -> {
                    mode.lineage.start(Thread.currentThread());
                    Thread started = new Thread(
                            () -> {
                                try {
                                    result.set(body.call());
                                } catch (Throwable e) {
                                    result.set(e);
                                }
                            },
                            "any name");
                    started.start();
                    try {
                        started.join();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "root");
        root.start();
        root.join();
        if (result.get() instanceof Throwable e) {
            throw new AssertionError("on the started thread: " + e, e);
        }
        @SuppressWarnings("unchecked")
        T value = (T) result.get();
        return value;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
