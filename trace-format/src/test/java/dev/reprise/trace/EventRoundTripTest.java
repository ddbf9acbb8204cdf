package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class EventRoundTripTest {
    @TempDir
    Path tmp;

    private static List<Subtrace> decode(EventBuffer b) throws MalformedChunkException {
        return new ChunkDecoder(FileHeader.VERSION).decode(b.array(), b.size(), new ChunkInfo(1, 0, 0, 0));
    }

    @ParameterizedTest
    @EnumSource(Encoding.class)
    void everyIdWidthBoundarySurvivesInEveryField(Encoding encoding) throws Exception {
        for (long id : GeneratedTrace.BOUNDARY_IDS) {
            int counter = (int) id;
            EventBuffer b = new EventBuffer(4096, encoding);
            b.subtraceStart(id, counter);
            b.creation(id, CreationKind.ACTOR);
            b.message(id);
            b.promiseMessage(id, id);
            b.systemCall(id);
            b.externalMessage(id, counter, id);
            b.externalPromiseMessage(id, id, counter, id);
            b.systemMessageTurn(SystemMessageKind.FAILED, id);
            List<Subtrace> s = decode(b);
            assertEquals(1, s.size());
            assertEquals(id, s.get(0).actor());
            assertEquals(counter & 0xFFFFFFFFL, s.get(0).counter(), "counter " + id);
            assertEquals(
                    List.of(
                            new TraceEvent.Creation(id),
                            new TraceEvent.Message(id),
                            new TraceEvent.PromiseMessage(id, id),
                            new TraceEvent.SystemCall(id),
                            new TraceEvent.ExternalMessage(id, counter, id),
                            new TraceEvent.ExternalPromiseMessage(id, id, counter, id),
                            new TraceEvent.SystemMessageTurn(SystemMessageKind.FAILED, id)),
                    s.get(0).events(),
                    "id " + id + " with " + encoding);
        }
    }

    @ParameterizedTest
    @EnumSource(SystemMessageKind.class)
    void everySystemMessageKindRoundTripsBetweenMessages(SystemMessageKind kind) throws Exception {
        EventBuffer b = new EventBuffer(4096, Encoding.COMPACT);
        b.subtraceStart(7, 1);
        b.message(9);
        b.systemMessageTurn(kind, 300);
        b.message(9); // a system turn between two messages of one sender must not become part of a repeat
        assertEquals(
                List.of(
                        new TraceEvent.Message(9),
                        new TraceEvent.SystemMessageTurn(kind, 300),
                        new TraceEvent.Message(9)),
                decode(b).get(0).events());
    }

    @Test
    void anUnknownSystemMessageKindIsReportedAsMalformed() {
        EventBuffer b = new EventBuffer(4096, Encoding.COMPACT);
        b.subtraceStart(7, 1);
        b.systemMessageTurn(SystemMessageKind.TERMINATE, 0);
        b.array()[b.size() - 2] = 99; // the kind byte
        MalformedChunkException e =
                org.junit.jupiter.api.Assertions.assertThrows(MalformedChunkException.class, () -> decode(b));
        assertTrue(e.getMessage().contains("unknown system message kind"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(Encoding.class)
    void mixedWidthsInOneEventKeepBothIds(Encoding encoding) throws Exception {
        long[][] pairs = {
            {5, 300},
            {300, 5},
            {255, 256},
            {65536, 1},
            {1, Integer.MAX_VALUE},
            {(1 << 24), 70000},
            {1L << 32, 2},
            {7, 1L << 40}
        };
        EventBuffer b = new EventBuffer(4096, encoding);
        b.subtraceStart(3, 0);
        List<TraceEvent> expected = new ArrayList<>();
        for (long[] p : pairs) {
            b.promiseMessage(p[0], p[1]);
            b.externalPromiseMessage(p[0], p[1], (int) p[1], p[0]);
            expected.add(new TraceEvent.PromiseMessage(p[0], p[1]));
            expected.add(new TraceEvent.ExternalPromiseMessage(p[0], p[1], (int) p[1], p[0]));
        }
        assertEquals(expected, decode(b).get(0).events());
    }

    @Test
    void compactEncodingWritesOneByteForARunOfSameSenderMessages() throws Exception {
        EventBuffer b = new EventBuffer(4096, Encoding.COMPACT);
        b.subtraceStart(1, 0);
        b.message(2);
        int afterFirst = b.size();
        for (int i = 0; i < 32; i++) {
            b.message(2);
        }
        assertEquals(afterFirst + 1, b.size(), "32 repeats fit one byte");
        b.message(2);
        assertEquals(afterFirst + 2, b.size(), "the 33rd repeat starts a new run byte");
        List<TraceEvent> events = decode(b).get(0).events();
        assertEquals(34, events.size());
        assertTrue(events.stream().allMatch(e -> e.equals(new TraceEvent.Message(2))));
    }

    @Test
    void pingPongOnOneThreadCostsTwoBytesPerMessage() throws Exception {
        EventBuffer b = new EventBuffer(1 << 16, Encoding.COMPACT);
        int rounds = 1000;
        for (int i = 0; i < rounds; i++) {
            b.subtraceStart(10, i);
            b.message(11);
            b.subtraceStart(11, i);
            b.message(10);
        }
        double perMessage = (double) b.size() / (2 * rounds);
        assertTrue(perMessage < 2.05, "ping-pong costs " + perMessage + " bytes per message");
        List<Subtrace> s = decode(b);
        assertEquals(2 * rounds, s.size());
        assertEquals(
                new Subtrace(
                        11,
                        rounds - 1,
                        List.of(new TraceEvent.Message(10)),
                        s.get(0).origin()),
                s.get(s.size() - 1));
    }

    @Test
    void resumeCarriesCounterGapsOfUpToSixteenAndFallsBackBeyond() throws Exception {
        EventBuffer b = new EventBuffer(4096, Encoding.COMPACT);
        int[] counters = {0, 1, 17, 18, 40, 41, 42};
        for (int c : counters) {
            b.subtraceStart(9, c);
            b.message(4);
            b.subtraceStart(300, c);
        }
        List<Subtrace> s = decode(b);
        List<Long> seen =
                s.stream().filter(x -> x.actor() == 9).map(Subtrace::counter).toList();
        assertEquals(List.of(0L, 1L, 17L, 18L, 40L, 41L, 42L), seen);
    }

    @ParameterizedTest
    @EnumSource(Encoding.class)
    void randomMultiThreadTracesReadBackPerActor(Encoding encoding) throws Exception {
        for (long seed = 1; seed <= 6; seed++) {
            long[] actors = seed % 2 == 0 ? new long[] {1, 2, 3, 257, 513, 70000} : GeneratedTrace.BOUNDARY_IDS;
            GeneratedTrace g =
                    GeneratedTrace.generate(seed, 3, actors, GeneratedTrace.BOUNDARY_IDS, 400, 256, encoding);
            Path dir = tmp.resolve(encoding + "-" + seed);
            g.writeTo(dir);
            try (TraceReader reader = TraceReader.open(dir)) {
                Map<Long, List<TraceEvent>> actual = reader.readAllEvents();
                assertEquals(g.expected.keySet(), actual.keySet());
                for (long actor : g.expected.keySet()) {
                    assertEquals(g.expected.get(actor), actual.get(actor), "actor " + actor + ", seed " + seed);
                }
                assertEquals(List.of(), reader.problems());
            }
            assertTrue(TraceAnalysis.run(dir).sound(), () -> {
                try {
                    return TraceAnalysis.run(dir).problems().toString();
                } catch (Exception e) {
                    return e.toString();
                }
            });
        }
    }

    @Test
    void lazyActorStreamsReadOnlyAsFarAsNeeded() throws Exception {
        GeneratedTrace g = GeneratedTrace.generate(
                42, 2, new long[] {1, 2, 3, 4}, new long[] {1, 2, 3, 4, 500}, 3000, 128, Encoding.COMPACT);
        g.writeTo(tmp);
        try (TraceReader reader = TraceReader.open(tmp)) {
            ActorEvents a = reader.actor(1);
            TraceEvent first = a.next();
            assertEquals(g.expected.get(1L).get(0), first);
            assertTrue(
                    !reader.exhausted() && reader.subtracesRead() < 50,
                    "first event needed only the first chunks, read " + reader.subtracesRead() + " subtraces");
            List<TraceEvent> rest = new ArrayList<>(List.of(first));
            for (TraceEvent e; (e = a.next()) != null; ) {
                rest.add(e);
            }
            assertEquals(g.expected.get(1L), rest);
            assertEquals(-1, a.missingSubtrace());
        }
    }

    @Test
    void actorFilterDropsOtherActors() throws Exception {
        GeneratedTrace g =
                GeneratedTrace.generate(7, 2, new long[] {1, 2, 3}, new long[] {1, 2, 3}, 500, 128, Encoding.COMPACT);
        g.writeTo(tmp);
        try (TraceReader reader = TraceReader.open(tmp, a -> a == 2)) {
            Map<Long, List<TraceEvent>> all = reader.readAllEvents();
            assertEquals(Map.of(2L, g.expected.get(2L)), all);
        }
    }
}
