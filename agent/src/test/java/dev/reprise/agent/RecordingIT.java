package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.agent.actor.Creations;
import dev.reprise.programs.CountingProgram;
import dev.reprise.programs.EndingsProgram;
import dev.reprise.programs.MappedStageProgram;
import dev.reprise.programs.PromiseRaceProgram;
import dev.reprise.programs.SupervisionProgram;
import dev.reprise.programs.TimersAndInputProgram;
import dev.reprise.testsupport.ChildProcess;
import dev.reprise.testsupport.SamplePrograms;
import dev.reprise.trace.CreationKind;
import dev.reprise.trace.DataFileReader;
import dev.reprise.trace.SourceNames;
import dev.reprise.trace.SystemMessageKind;
import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceMetadata;
import dev.reprise.trace.TraceStatistics;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Real Akka programs recorded in their own JVMs with the packaged agent; their traces checked. */
class RecordingIT {
    @TempDir
    Path tmp;

    /** Trace ids of the program's actors, found from the uids they print ("uid NAME UID"). */
    private static Map<String, Long> idsByName(RecordedRun run) throws Exception {
        Map<Integer, Long> idByUid = new HashMap<>();
        for (List<TraceEvent> events : run.events().values()) {
            for (TraceEvent e : events) {
                if (e instanceof TraceEvent.Creation c) {
                    idByUid.put(Creations.uidOf(c.child()), c.child());
                }
            }
        }
        Map<String, Long> ids = new HashMap<>();
        for (String line : run.out) {
            // "uid NAME UID" or "processed NAME COUNT uid UID"
            String[] p = line.split(" ");
            if (line.startsWith("uid ") || line.startsWith("processed ")) {
                String name = p[1];
                int uid = Integer.parseInt(p[p.length - 1]);
                Long id = idByUid.get(uid);
                assertTrue(id != null, "uid " + uid + " of " + name + " is not derived from any recorded id");
                ids.put(name, id);
            }
        }
        return ids;
    }

    private static void assertSound(RecordedRun run) throws Exception {
        assertEquals(0, run.exitCode, run.toString());
        TraceAnalysis.Report report = TraceAnalysis.run(run.trace);
        assertEquals(List.of(), report.problems(), run.toString());
        assertTrue(report.metadata().cleanEnd());
    }

    @ParameterizedTest
    @ValueSource(strings = {"single", "default"})
    void messageEventsEqualTheMessagesProcessedAndCreationsRebuildTheTree(String dispatcher) throws Exception {
        RecordedRun run = RecordedRun.record(tmp.resolve("t"), "", CountingProgram.class, "2000", dispatcher);
        assertSound(run);
        Map<String, Long> id = idsByName(run);
        long total = 0;
        for (String line : run.lines("processed ")) {
            String[] p = line.split(" ");
            long processed = Long.parseLong(p[1]);
            assertEquals(processed, run.messagesOf(id.get(p[0])), "messages recorded for " + p[0]);
            total += processed;
        }
        assertEquals(2000 + 1 + 2 + 11 + 11, total);
        // The tree: main created counter then producer; producer created a then b.
        List<Long> byMain = run.createdBy(run.threadSource("main"));
        assertEquals(List.of(id.get("counter"), id.get("producer")), byMain.subList(byMain.size() - 2, byMain.size()));
        assertEquals(List.of(id.get("a"), id.get("b")), run.createdBy(id.get("producer")));
        // The counter's messages all come from the producer; a and b only hear from each other.
        assertTrue(run.eventsOf(id.get("counter")).stream()
                .filter(TraceEvent::isMessage)
                .allMatch(e -> e.equals(new TraceEvent.Message(id.get("producer")))));
        assertTrue(run.eventsOf(id.get("a")).stream()
                .filter(TraceEvent::isMessage)
                .skip(1)
                .allMatch(e -> e.equals(new TraceEvent.Message(id.get("b")))));
    }

    @Test
    void thePromiseRaceIsTellableByResolver() throws Exception {
        RecordedRun run = RecordedRun.record(tmp.resolve("t"), "", PromiseRaceProgram.class);
        assertSound(run);
        Map<String, Long> id = idsByName(run);
        List<TraceEvent> got = run.eventsOf(id.get("resource")).stream()
                .filter(TraceEvent::isMessage)
                .toList();
        assertEquals(4, got.size(), got.toString());
        // Each answer's resolver is a completion its worker created (and recorded): four distinct ones.
        Map<Long, Integer> perWorker = new HashMap<>();
        Set<Long> resolvers = new HashSet<>();
        for (TraceEvent e : got) {
            TraceEvent.PromiseMessage pm = (TraceEvent.PromiseMessage) e;
            assertEquals(id.get("server"), pm.sender(), "the callbacks belong to the server");
            resolvers.add(pm.resolver());
            for (String w : List.of("w1", "w2")) {
                if (run.createdBy(id.get(w)).contains(pm.resolver())) {
                    perWorker.merge(id.get(w), 1, Integer::sum);
                }
            }
        }
        assertEquals(4, resolvers.size(), "every answer is told apart by its resolver");
        assertEquals(Map.of(id.get("w1"), 2, id.get("w2"), 2), perWorker, "each worker resolved two of them");
        // Ask temp actors are named after ids the server recorded creating.
        List<Long> byServer = run.createdBy(id.get("server"));
        for (String asker : run.lines("asked by ")) {
            assertTrue(
                    byServer.stream().anyMatch(t -> asker.endsWith(Creations.tempName("", t))),
                    asker + " is not one of the server's temp actors " + byServer);
        }
        assertEquals(4, run.lines("asked by ").size());
        // Each is counted as what it is: asks' temp actors and completed promises are no actors.
        assertEquals(
                4,
                kinds(run, id.get("server")).stream()
                        .filter(k -> k == CreationKind.TEMP_ACTOR)
                        .count());
        assertEquals(
                2,
                kinds(run, id.get("w1")).stream()
                        .filter(k -> k == CreationKind.PROMISE)
                        .count());
        TraceStatistics stats = TraceAnalysis.run(run.trace).statistics();
        assertTrue(stats.tempActors() >= 4 && stats.promises() >= 4, stats.toString());
        assertEquals(
                stats.creations(),
                stats.tempActors()
                        + stats.promises()
                        + stats.timers()
                        + kinds(run).stream()
                                .filter(k -> k == CreationKind.ACTOR)
                                .count(),
                stats.toString());
    }

    @Test
    void aMappedAskPipedOnIsThePromiseMessageOfItsAsker() throws Exception {
        RecordedRun run = RecordedRun.record(tmp.resolve("t"), "", MappedStageProgram.class);
        assertSound(run);
        Map<String, Long> id = idsByName(run);
        List<TraceEvent> got = run.eventsOf(id.get("resource")).stream()
                .filter(TraceEvent::isMessage)
                .toList();
        assertEquals(4, got.size(), got.toString());
        Set<Long> resolvers = new HashSet<>();
        for (TraceEvent e : got) {
            // Not outside input from a common-pool thread: the pipe sends in the mapping's context.
            TraceEvent.PromiseMessage pm = assertInstanceOf(TraceEvent.PromiseMessage.class, e, got::toString);
            assertEquals(id.get("server"), pm.sender(), "the callbacks belong to the server");
            resolvers.add(pm.resolver());
        }
        assertEquals(4, resolvers.size(), "every answer is told apart by its resolver");
        TraceMetadata metadata = TraceMetadata.read(run.trace);
        Map<String, Long> sources = SourceNames.read(run.trace).all();
        assertTrue(
                sources.keySet().stream()
                        .noneMatch(k ->
                                k.startsWith("thread:") && (k.contains("commonPool") || k.contains("thread:Thread-"))),
                sources::toString);
        assertTrue(
                metadata.count(TraceMetadata.NOT_COVERED_PREFIX + "uncopiedMessages") <= 0,
                metadata.counts()::toString);
    }

    /** The kinds of what {@code creator} created, in order. */
    private static List<CreationKind> kinds(RecordedRun run, long creator) throws Exception {
        return run.eventsOf(creator).stream()
                .filter(e -> e instanceof TraceEvent.Creation)
                .map(e -> ((TraceEvent.Creation) e).kind())
                .toList();
    }

    /** The kinds of everything the trace records as created. */
    private static List<CreationKind> kinds(RecordedRun run) throws Exception {
        return run.events().values().stream()
                .flatMap(List::stream)
                .filter(e -> e instanceof TraceEvent.Creation)
                .map(e -> ((TraceEvent.Creation) e).kind())
                .toList();
    }

    @Test
    void timersOutsideInputAndClockAndRandomCallsAreRecordedWithTheirValues() throws Exception {
        RecordedRun run =
                RecordedRun.record(tmp.resolve("t"), "include=dev.reprise.programs", TimersAndInputProgram.class);
        assertSound(run);
        long clocked = idsByName(run).get("clocked");
        List<TraceEvent> events = run.eventsOf(clocked);
        List<Long> timers = run.createdBy(clocked);
        assertEquals(2, timers.size(), "a fixed-rate and a single timer: " + events);
        assertEquals(List.of(CreationKind.TIMER, CreationKind.TIMER), kinds(run, clocked));

        Map<Long, Integer> firings = new HashMap<>();
        List<TraceEvent.ExternalMessage> inputs = new ArrayList<>();
        List<Long> systemCalls = new ArrayList<>();
        for (TraceEvent e : events) {
            if (e instanceof TraceEvent.PromiseMessage pm) {
                assertEquals(clocked, pm.sender(), "a timer's messages come from whoever set it");
                firings.merge(pm.resolver(), 1, Integer::sum);
            } else if (e instanceof TraceEvent.ExternalMessage em) {
                inputs.add(em);
            } else if (e instanceof TraceEvent.SystemCall sc) {
                systemCalls.add(sc.dataId());
            }
        }
        assertTrue(firings.get(timers.get(0)) >= 3, "fixed-rate firings " + firings);
        assertEquals(1, firings.get(timers.get(1)), "the single timer fired once");

        long feeder = run.threadSource("main/thread 1"); // the feeder: main's first thread, whatever its name
        assertEquals(4, inputs.size());
        try (DataFileReader data = DataFileReader.open(TraceFiles.data(run.trace))) {
            for (int i = 0; i < 3; i++) {
                assertEquals(feeder, inputs.get(i).sender());
                byte[] content = data.read(feeder, inputs.get(i).dataId());
                assertTrue(
                        new String(content, StandardCharsets.UTF_8).endsWith("hello-" + (i + 1)),
                        "content of input " + i);
            }
            byte[] opaque = data.read(feeder, inputs.get(3).dataId());
            assertEquals(0, opaque[0], "a message that cannot be copied is marked");
            assertTrue(new String(opaque, 1, opaque.length - 1, StandardCharsets.UTF_8)
                    .endsWith("TimersAndInputProgram$Opaque"));
            assertEquals(
                    1,
                    run.err
                            .lines()
                            .filter(l -> l.contains("cannot be copied (") && l.contains("lambda"))
                            .count(),
                    run.err);
            assertTrue(run.err.contains("TimersAndInputProgram$Opaque"), run.err);
            assertEquals(1, TraceMetadata.read(run.trace).count(TraceMetadata.NOT_COVERED_PREFIX + "uncopiedMessages"));

            // Recorded at their source: System.currentTimeMillis and nanoTime at the call site, Random.next once
            // for nextInt(), ThreadLocalRandom's seed step once for nextInt(1000) (twice in the rare case its
            // first draw is refused), SecureRandom.nextBytes once for the UUID, the clock once for Instant.now,
            // Random.next twice for Math.random's double.
            int tlrCalls = systemCalls.size() - 7;
            assertTrue(tlrCalls >= 1, "eight calls, recorded in the actor, none outside: " + systemCalls);
            for (int i = 0; i < systemCalls.size(); i++) {
                assertEquals(i + 1, systemCalls.get(i), "data ids in order");
            }
            assertEquals(Long.parseLong(run.line("millis ")), longLE(data.read(clocked, 1)));
            assertEquals(Long.parseLong(run.line("nano ")), longLE(data.read(clocked, 2)));
            assertEquals(Integer.parseInt(run.line("random ")), (int) longLE(data.read(clocked, 3)), "Random.next(32)");
            long seed = longLE(data.read(clocked, 3 + tlrCalls));
            if (tlrCalls == 1) {
                assertEquals(
                        Integer.parseInt(run.line("tlr ")), (mix32(seed) >>> 1) % 1000, "ThreadLocalRandom's seed");
            }
            int after = 3 + tlrCalls;
            byte[] random = data.read(clocked, after + 1);
            random[6] = (byte) ((random[6] & 0x0f) | 0x40); // as UUID.randomUUID marks them: version 4, IETF variant
            random[8] = (byte) ((random[8] & 0x3f) | 0x80);
            ByteBuffer uuid = ByteBuffer.wrap(random);
            assertEquals(
                    UUID.fromString(run.line("uuid ")),
                    new UUID(uuid.getLong(), uuid.getLong()),
                    "SecureRandom's bytes");
            ByteBuffer instant = ByteBuffer.wrap(data.read(clocked, after + 2));
            assertEquals(Long.parseLong(run.line("instant ")), instant.getLong() * 1000 + instant.getInt() / 1_000_000);
            long high = (int) longLE(data.read(clocked, after + 3));
            long low = (int) longLE(data.read(clocked, after + 4));
            assertEquals(
                    Double.parseDouble(run.line("math ")),
                    ((high << 27) + low) * 0x1.0p-53,
                    "Math.random from Random.next(26) and next(27)");
        }
    }

    /** ThreadLocalRandom's mix of a seed into an int. */
    private static int mix32(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        return (int) (((z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L) >>> 32);
    }

    private static long longLE(byte[] b) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    @Test
    void restartsAndDeathWatchAreRecorded() throws Exception {
        RecordedRun run = RecordedRun.record(tmp.resolve("t"), "", SupervisionProgram.class);
        assertSound(run);
        assertEquals("2", run.line("restarts "));
        Map<String, Long> id = idsByName(run);
        assertEquals(7, run.messagesOf(id.get("fragile")), "the failing messages were processed too");
        assertEquals(List.of(id.get("fragile"), id.get("doomed")), run.createdBy(id.get("parent")));
        List<TraceEvent> parent = run.eventsOf(id.get("parent"));
        assertTrue(
                parent.contains(new TraceEvent.Message(id.get("doomed"))),
                "Terminated comes from the dead actor: " + parent);
        assertEquals(1 + 5 + 1, run.messagesOf(id.get("parent")), "go, five answers, Terminated");
        assertEquals(1, run.messagesOf(id.get("doomed")), "its PoisonPill");
        // The system-message turns, each at its place among the actor's messages.
        TraceEvent failed = new TraceEvent.SystemMessageTurn(SystemMessageKind.FAILED, id.get("fragile"));
        assertEquals(
                2, parent.stream().filter(failed::equals).count(), "two failures decided by the parent: " + parent);
        assertTrue(
                parent.contains(new TraceEvent.SystemMessageTurn(SystemMessageKind.DEATH_WATCH, id.get("doomed"))),
                parent.toString());
        // Without the end-of-turn counts, which follow a turn whose thread handed its buffer over before the turn
        // ended.
        List<TraceEvent> fragile = run.eventsOf(id.get("fragile")).stream()
                .filter(e -> !(e instanceof TraceEvent.TurnSends))
                .toList();
        assertEquals(
                2,
                fragile.stream()
                        .filter(new TraceEvent.SystemMessageTurn(SystemMessageKind.RECREATE, id.get("fragile"))::equals)
                        .count(),
                fragile.toString());
        // Messages 1 and 2 are answered, 3 throws: the restart comes right after it (the child is suspended meanwhile).
        assertEquals(
                List.of(new TraceEvent.SystemMessageTurn(SystemMessageKind.RECREATE, id.get("fragile"))),
                fragile.subList(3, 4),
                fragile.toString());
        assertTrue(run.eventsOf(id.get("doomed"))
                .contains(new TraceEvent.SystemMessageTurn(SystemMessageKind.TERMINATE, 0)));
    }

    @Test
    void everyEndingLeavesACompleteTrace() throws Exception {
        RecordedRun exit = RecordedRun.record(tmp.resolve("exit"), "", EndingsProgram.class, "exit");
        assertSound(exit);
        RecordedRun noAkka = RecordedRun.record(tmp.resolve("plain"), "", EndingsProgram.class, "no-akka");
        assertSound(noAkka);
        assertEquals("true", noAkka.line("plain "));
        assertTrue(noAkka.err.isEmpty(), "nothing to say for a program without Akka: " + noAkka.err);
    }

    @Test
    void terminatingTheLastActorSystemFinishesTheTrace() throws Exception {
        Path trace = tmp.resolve("t");
        try (ChildProcess.Running p = ChildProcess.java()
                .agent(RecordedRun.agentJar(), "record,trace=" + trace)
                .classPath(SamplePrograms.classPath(EndingsProgram.class))
                .main(EndingsProgram.class, "terminate-then-hang")
                .mergeErrors()
                .start()) {
            p.awaitLine("terminated"::equals, Duration.ofMinutes(2)); // the program terminated its actor system
            p.kill(); // no shutdown hook: only the termination can have finished the trace
            p.process().waitFor();
        }
        TraceAnalysis.Report report = TraceAnalysis.run(trace);
        assertEquals(List.of(), report.problems());
        assertTrue(report.metadata().cleanEnd());
        assertTrue(report.statistics().messages() >= 100);
    }

    @Test
    void badOptionsStopTheJvmWithAMessage() throws Exception {
        RecordedRun unknown = RecordedRun.record(tmp.resolve("t"), "bufsize=1", EndingsProgram.class, "no-akka");
        assertEquals(2, unknown.exitCode);
        assertTrue(unknown.out.isEmpty(), "the program must not run");
        assertTrue(
                unknown.err.contains(
                        "unknown agent option 'bufsize'; valid options: trace, bufferSize, bufferMemory, "
                                + "flushInterval, overflow, smallIds, compress, fingerprints, dataMemory, access, sync, program, include, exclude, log, cache, perturb"),
                unknown.err);

        RecordedRun badValue =
                RecordedRun.record(tmp.resolve("t2"), "overflow=sometimes", EndingsProgram.class, "no-akka");
        assertEquals(2, badValue.exitCode);
        assertTrue(badValue.err.contains("overflow: expected block or drop, was 'sometimes'"), badValue.err);

        RecordedRun badSync = RecordedRun.record(tmp.resolve("t2s"), "sync=fsync", EndingsProgram.class, "no-akka");
        assertEquals(2, badSync.exitCode);
        assertTrue(badSync.out.isEmpty(), "the program must not run");
        assertTrue(badSync.err.contains("sync: expected none, interval or always, was 'fsync'"), badSync.err);

        RecordedRun first = RecordedRun.record(tmp.resolve("t3"), "", EndingsProgram.class, "no-akka");
        assertEquals(0, first.exitCode);
        // Outside input is user data: a trace is private unless asked otherwise.
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(tmp.resolve("t3"))));
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(tmp.resolve("t3/events.rpt"))));
        RecordedRun shared = RecordedRun.record(tmp.resolve("t4"), "access=umask", EndingsProgram.class, "no-akka");
        assertEquals(0, shared.exitCode, shared.err);
        Path probe = Files.createFile(tmp.resolve("probe")); // what the umask gives a new file
        assertEquals(Files.getPosixFilePermissions(probe), Files.getPosixFilePermissions(tmp.resolve("t4/events.rpt")));
        assertEquals(Files.getPosixFilePermissions(probe), Files.getPosixFilePermissions(tmp.resolve("t4/trace.json")));
        RecordedRun again = RecordedRun.record(tmp.resolve("t3"), "", EndingsProgram.class, "no-akka");
        assertEquals(2, again.exitCode);
        assertTrue(again.err.contains("already holds a trace"), again.err);

        RecordedRun noArgument =
                RecordedRun.run(null, "-javaagent:" + RecordedRun.agentJar(), EndingsProgram.class, "no-akka");
        assertEquals(2, noArgument.exitCode);
        assertTrue(noArgument.err.contains("the agent needs an argument: record,trace=DIR"), noArgument.err);
    }

    @Test
    void withoutTheAgentTheProgramsBehaveTheSame() throws Exception {
        RecordedRun plain = RecordedRun.withoutAgent(CountingProgram.class, "500", "single");
        assertEquals(0, plain.exitCode, plain.toString());
        assertEquals("500", plain.line("count "));
        Set<String> names = new HashSet<>();
        plain.lines("processed ").forEach(l -> names.add(l.split(" ")[0]));
        assertEquals(Set.of("counter", "producer", "a", "b"), names);
        assertFalse(plain.err.contains("[reprise]"));
    }
}
