package dev.reprise.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.api.Codec;
import dev.reprise.trace.DataFileReader;
import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceMetadata;
import dev.reprise.trace.TraceProblem;
import dev.reprise.trace.TraceReader;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Concurrent recording into real trace files, read back with the trace-format reader. */
class RecorderTest {
    @TempDir
    Path tmp;

    private static void assertTraceHoldsExactly(Path dir, SimulatedActors sim) throws Exception {
        try (TraceReader reader = TraceReader.open(dir);
                DataFileReader data = DataFileReader.open(TraceFiles.data(dir))) {
            Map<Long, List<TraceEvent>> all = reader.readAllEvents();
            for (SimulatedActors.Actor a : sim.actors) {
                assertEquals(a.expected, all.getOrDefault(a.record.id(), List.of()), "events of " + a.record);
                for (int i = 0; i < a.data.size(); i++) {
                    assertArrayEquals(
                            a.data.get(i), data.read(a.record.id(), i + 1), "data " + (i + 1) + " of " + a.record);
                }
            }
            assertEquals(List.of(), reader.problems());
        }
        TraceAnalysis.Report report = TraceAnalysis.run(dir);
        assertEquals(List.of(), report.problems());
    }

    @Test
    void manyThreadsWritingConcurrentlyGiveExactPerActorSequences() throws Exception {
        Path dir = tmp.resolve("t");
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir).withBuffers(4096, 64 * 4096));
        SimulatedActors sim = new SimulatedActors(recorder, 30);
        sim.run(6, 20_000, true, 1);
        recorder.close();
        assertTraceHoldsExactly(dir, sim);
        RecorderStatistics s = recorder.statistics();
        assertEquals(sim.attempted.get(), s.events());
        assertEquals(0, s.droppedEvents());
        TraceMetadata m = TraceMetadata.read(dir);
        assertTrue(m.cleanEnd());
        assertEquals(sim.attempted.get(), m.count("events"));
    }

    @Test
    void aCommonPoolWorkerKeepsItsRecorderThoughTheJdkErasesItsThreadLocalsAfterEachTask() throws Exception {
        Path dir = tmp.resolve("t");
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir));
        int tasks = 2_000;
        Set<Thread> workers = ConcurrentHashMap.newKeySet();
        for (int i = 0; i < tasks; i++) {
            ActorRecord task = new ActorRecord(1_000 + i);
            long value = i;
            CompletableFuture.runAsync(
                            () -> { // one by one: the pool's workers take turns, none is added
                                workers.add(Thread.currentThread());
                                ThreadRecorder r = recorder.forCurrentThread();
                                r.systemCall(task, value);
                                r.leave();
                            })
                    .join();
        }
        recorder.close();
        TraceMetadata m = TraceMetadata.read(dir);
        assertTrue(workers.size() < tasks / 10, "the common pool reused its workers: " + workers.size());
        assertEquals(workers.size(), m.count("threads"), "one recorder per worker, not one per task");
        try (DataFileReader data = DataFileReader.open(TraceFiles.data(dir))) {
            for (int i = 0; i < tasks; i++) {
                assertArrayEquals(Codec.Builtin.longBytes(i), data.read(1_000 + i, 1), "task " + i);
            }
        }
        assertEquals(List.of(), TraceAnalysis.run(dir).problems());
    }

    @Test
    void tinyBuffersAndASlowWriterStillGiveExactSequences() throws Exception {
        Path dir = tmp.resolve("t");
        // 128-byte buffers (a handful of events each), only 6 of them for 8 threads, writer 0.2 ms a chunk.
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir).withBuffers(128, 6 * 128));
        recorder.slowWriterDown(200_000);
        SimulatedActors sim = new SimulatedActors(recorder, 12);
        sim.run(8, 4_000, true, 2);
        recorder.close();
        assertTraceHoldsExactly(dir, sim);
        assertTrue(recorder.statistics().buffersWritten() > 500, "tiny buffers: " + recorder.statistics());
    }

    @Test
    void blockPolicyLosesNothingUnderABurstFarAboveTheWriterSpeed() throws Exception {
        Path dir = tmp.resolve("t");
        Recorder recorder = Recorder.start(
                RecorderSettings.defaults(dir).withBuffers(256, 4 * 256).withOverflow(OverflowPolicy.BLOCK));
        recorder.slowWriterDown(1_000_000); // 1 ms per chunk: far slower than the threads
        SimulatedActors sim = new SimulatedActors(recorder, 8);
        sim.run(4, 3_000, false, 3);
        recorder.close();
        RecorderStatistics s = recorder.statistics();
        assertEquals(0, s.droppedEvents());
        assertTrue(s.blockedNanos() > 0, "the threads had to wait for the writer: " + s);
        assertTraceHoldsExactly(dir, sim);
    }

    @Test
    void dropPolicyCountsEveryDroppedEventAsAGapInTheTrace() throws Exception {
        Path dir = tmp.resolve("t");
        Recorder recorder = Recorder.start(
                RecorderSettings.defaults(dir).withBuffers(256, 4 * 256).withOverflow(OverflowPolicy.DROP));
        recorder.slowWriterDown(2_000_000);
        SimulatedActors sim = new SimulatedActors(recorder, 8);
        sim.run(4, 3_000, false, 4);
        recorder.close();
        RecorderStatistics s = recorder.statistics();
        assertTrue(s.droppedEvents() > 0, "the burst must overflow: " + s);
        assertEquals(0, s.blockedNanos(), "drop never blocks");

        TraceAnalysis.Report report = TraceAnalysis.run(dir);
        assertEquals(s.droppedEvents(), report.statistics().droppedEvents(), "gaps in the trace = drops");
        // messages() includes promise messages; these turns make no system calls.
        assertEquals(
                sim.attempted.get(),
                report.statistics().messages()
                        + report.statistics().creations()
                        + report.statistics().droppedEvents(),
                "every attempted event is either in the trace or counted as dropped");
        assertTrue(report.problems().stream().anyMatch(p -> p.kind() == TraceProblem.Kind.DROPPED_EVENTS));
        // What the reader gives each actor is a prefix of the truth: it stops at the first gap.
        try (TraceReader reader = TraceReader.open(dir)) {
            Map<Long, List<TraceEvent>> all = reader.readAllEvents();
            for (SimulatedActors.Actor a : sim.actors) {
                List<TraceEvent> got = withoutGaps(all.getOrDefault(a.record.id(), List.of()));
                assertEquals(a.expected.subList(0, got.size()), got, a.record.toString());
            }
        }
    }

    private static List<TraceEvent> withoutGaps(List<TraceEvent> events) {
        return events.stream().filter(e -> !(e instanceof TraceEvent.Gap)).toList();
    }

    @Test
    void statisticsAreExposedOverJmx() throws Exception {
        Path dir = tmp.resolve("t");
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir));
        try {
            ActorRecord a = new ActorRecord(7);
            ThreadRecorder r = recorder.forCurrentThread();
            for (int i = 0; i < 1000; i++) {
                r.message(a, i % 3);
            }
            var server = ManagementFactory.getPlatformMBeanServer();
            ObjectName name = new ObjectName("dev.reprise:type=Recorder");
            assertEquals(1000L, server.getAttribute(name, "Events"));
            assertEquals(dir.toString(), server.getAttribute(name, "TraceDirectory"));
            assertEquals(false, server.getAttribute(name, "Degraded"));
        } finally {
            recorder.close();
        }
        assertFalse(
                ManagementFactory.getPlatformMBeanServer().isRegistered(new ObjectName("dev.reprise:type=Recorder")));
    }

    @Test
    void anInternalFailureIsLoggedOnceAndTheApplicationGoesOn() throws Exception {
        Path dir = tmp.resolve("t");
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir));
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream old = System.err;
        System.setErr(new java.io.PrintStream(err, true));
        try {
            for (int i = 1; i <= 3; i++) {
                recorder.internalError("the writer", new IllegalStateException("encoder bug"));
            }
            ActorRecord a = new ActorRecord(1);
            ThreadRecorder r = recorder.forCurrentThread();
            for (int i = 0; i < 100_000; i++) {
                r.message(a, 2); // the application keeps running; recording calls stay harmless
            }
            recorder.close();
        } finally {
            System.setErr(old);
        }
        assertTrue(recorder.degraded());
        String log = err.toString();
        assertEquals(1, log.lines().filter(l -> l.startsWith("[reprise]")).count(), log);
        assertTrue(log.contains("encoder bug") && log.contains("the application goes on"), log);
        assertFalse(TraceMetadata.read(dir).cleanEnd(), "a degraded recording is not marked clean");
    }

    @Test
    void aWriterThatCannotWriteDegradesTheRecordingAndNeverHoldsTheApplicationUp() throws Exception {
        Path dir = tmp.resolve("t");
        // Eight small buffers and overflow=block: the threads depend on the writer returning buffers.
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir)
                .withBuffers(512, 8 * 512)
                .withFlushInterval(java.time.Duration.ofMillis(5)));
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream old = System.err;
        System.setErr(new java.io.PrintStream(err, true));
        java.util.concurrent.atomic.AtomicLong recorded = new java.util.concurrent.atomic.AtomicLong();
        List<Thread> threads = new java.util.ArrayList<>();
        try {
            for (int t = 0; t < 4; t++) {
                ActorRecord a = new ActorRecord(10 + t);
                threads.add(Thread.ofPlatform().start(() -> {
                    ThreadRecorder r = recorder.forCurrentThread();
                    for (int i = 0; i < 3_000_000; i++) {
                        r.message(a, i);
                        recorded.incrementAndGet();
                    }
                }));
            }
            while (recorded.get() < 200_000) {
                Thread.sleep(1);
            }
            // A real I/O failure: the trace's folder goes away, and the writer's next metadata rewrite fails.
            try (var files = java.nio.file.Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder())
                        .forEach(f -> f.toFile().delete());
            }
            recorder.agentError("a test site"); // the writer rewrites trace.json at its next tick
            for (Thread t : threads) {
                t.join(60_000);
                assertFalse(t.isAlive(), "an application thread is held up by the failed writer");
            }
            recorder.close();
        } finally {
            System.setErr(old);
        }
        assertTrue(recorder.degraded(), "the recording is degraded");
        assertEquals(12_000_000, recorded.get(), "every application call returned");
        String log = err.toString();
        assertEquals(1, log.lines().filter(l -> l.startsWith("[reprise]")).count(), log);
        assertTrue(log.contains("writing the trace") && log.contains("the application goes on"), log);
    }

    @Test
    void aThreadThatDiesHandsItsEventsOverThroughTheWriter() throws Exception {
        Path dir = tmp.resolve("t");
        Recorder recorder =
                Recorder.start(RecorderSettings.defaults(dir).withFlushInterval(java.time.Duration.ofMillis(20)));
        ActorRecord a = new ActorRecord(9);
        Thread t = new Thread(() -> {
            ThreadRecorder r = recorder.forCurrentThread();
            for (int i = 0; i < 10; i++) {
                r.message(a, 4);
            }
            // no idle(), no close: the thread just ends
        });
        t.start();
        t.join();
        Thread.sleep(200); // a few flush intervals: the writer notices the dead thread
        assertEquals(1, recorder.statistics().buffersWritten());
        recorder.close();
        try (TraceReader reader = TraceReader.open(dir)) {
            assertEquals(10, reader.readAllEvents().get(9L).size());
        }
    }
}
