package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FingerprintTest {
    @TempDir
    Path tmp;

    @Test
    void classCodesAreStableNonZeroAndIgnoreALambdasJvmSuffix() {
        int ping = Fingerprint.classCode("com.example.Ping");
        assertEquals(ping, Fingerprint.classCode("com.example.Ping"));
        assertTrue(ping >= 1 && ping <= 31);
        assertEquals(
                Fingerprint.classCode("com.example.Main$$Lambda/0x000001f0"),
                Fingerprint.classCode("com.example.Main$$Lambda/0x00000abc"));
        int distinct = (int) java.util.stream.IntStream.range(0, 200)
                .map(i -> Fingerprint.classCode("com.example.Message" + i))
                .distinct()
                .count();
        assertEquals(31, distinct, "200 class names spread over all 31 codes");
    }

    @Test
    void sendsAreCheckedModuloSevenAndUnknownSendsAlwaysMatch() {
        byte recorded = Fingerprint.ofClass(5);
        assertTrue(Fingerprint.sendsMatch(recorded, 3), "sends not recorded: anything matches");
        byte withThree = Fingerprint.withSends(recorded, 3);
        assertEquals(5, Fingerprint.classCodeOf(withThree));
        assertTrue(Fingerprint.sendsMatch(withThree, 3));
        assertFalse(Fingerprint.sendsMatch(withThree, 4), "one send more");
        assertFalse(Fingerprint.sendsMatch(withThree, 2), "one send fewer");
        assertTrue(Fingerprint.sendsMatch(withThree, 10), "modulo 7");
        assertEquals(Fingerprint.NONE, Fingerprint.withSends(Fingerprint.NONE, 3));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void fingerprintsRoundTripThroughAFileWithRepeatsResumesAndPatches(boolean deflate) throws Exception {
        EventBuffer b = new EventBuffer(16384, Encoding.COMPACT, true); // room for 4096 fingerprints
        List<Byte> expectedA = new ArrayList<>();
        List<Byte> expectedB = new ArrayList<>();
        for (int round = 0; round < 50; round++) {
            b.subtraceStart(10, round);
            for (int i = 0; i < 40; i++) { // a run of REPEATs: one fingerprint per message
                byte f = Fingerprint.ofClass(1 + (round + i) % 31);
                b.message(20, f);
                expectedA.add(f);
            }
            long where = b.lastMark();
            byte patched = Fingerprint.withSends(Fingerprint.ofClass(3), round);
            b.patchMark(where, patched);
            expectedA.set(expectedA.size() - 1, patched);
            b.systemCall(round + 1); // no fingerprint
            byte c = Fingerprint.ofClass(7);
            b.creation(1000 + round, CreationKind.ACTOR, c);
            expectedA.add(c);
            b.subtraceStart(11, round); // another actor: its own fingerprints
            byte m = Fingerprint.ofClass(9);
            b.promiseMessage(10, 12, m);
            expectedB.add(m);
        }
        try (TraceWriter w =
                TraceWriter.create(tmp, TraceMetadata.begin("fingerprints", Map.of()), deflate, TraceAccess.PRIVATE)) {
            w.writeEvents(1, 0, b, b.size(), b.markCount());
            w.finish(Map.of());
        }
        try (TraceIndex index = TraceIndex.open(tmp)) {
            assertEquals(expectedA, fingerprintsOf(index.actor(10)));
            assertEquals(expectedB, fingerprintsOf(index.actor(11)));
        }
    }

    @Test
    void aChunkWithFewerFingerprintsThanEventsLeavesTheRestWithout() throws Exception {
        EventBuffer b = new EventBuffer(4096, Encoding.COMPACT, true);
        b.subtraceStart(10, 0);
        b.message(20, Fingerprint.ofClass(4));
        b.message(20, Fingerprint.ofClass(5));
        b.message(21, Fingerprint.ofClass(6));
        List<Subtrace> s = decode(b.array(), b.size(), b.marksTrailer(2));
        assertEquals(Fingerprint.ofClass(4), s.get(0).mark(0));
        assertEquals(Fingerprint.ofClass(5), s.get(0).mark(1));
        assertEquals(Fingerprint.NONE, s.get(0).mark(2));
    }

    @Test
    void fingerprintsThatAreNotTheChunksLastEventAreReportedNotGuessedAt() {
        EventBuffer b = new EventBuffer(4096, Encoding.COMPACT, true);
        b.subtraceStart(10, 0);
        b.message(20, Fingerprint.ofClass(4));
        byte[] trailer = b.marksTrailer(1);
        byte[] chunk = new byte[b.size() + trailer.length + 2];
        System.arraycopy(b.array(), 0, chunk, 0, b.size());
        System.arraycopy(trailer, 0, chunk, b.size(), trailer.length);
        chunk[chunk.length - 2] = 2 | 1 << 4; // a message after them
        chunk[chunk.length - 1] = 20;
        MalformedChunkException e = assertThrows(
                MalformedChunkException.class,
                () -> new ChunkDecoder(FileHeader.VERSION).decode(chunk, chunk.length, new ChunkInfo(1, 0, 0, 0)));
        assertTrue(e.getMessage().contains("fingerprints are not its last event"), e.getMessage());
    }

    @Test
    void aPatchAfterTheBufferWasClearedChangesNothing() {
        EventBuffer b = new EventBuffer(4096, Encoding.COMPACT, true);
        b.subtraceStart(10, 0);
        b.message(20, Fingerprint.ofClass(4));
        long where = b.lastMark();
        b.clear();
        b.subtraceStart(10, 1);
        b.message(20, Fingerprint.ofClass(6));
        assertFalse(b.patchMark(where, Fingerprint.withSends(Fingerprint.ofClass(4), 2)));
        assertEquals(Fingerprint.ofClass(6), b.marksTrailer(1)[2]);
        assertNotEquals(-1, b.lastMark());
    }

    @Test
    void aTurnsSendsRoundTripAsAnEventWithoutAFingerprint() throws Exception {
        EventBuffer b = new EventBuffer(4096, Encoding.COMPACT, true);
        b.subtraceStart(10, 0);
        b.message(20, Fingerprint.ofClass(4));
        b.turnSends(300);
        b.message(20, Fingerprint.ofClass(5));
        List<Subtrace> s = decode(b.array(), b.size(), b.marksTrailer(b.markCount()));
        assertEquals(
                List.of(new TraceEvent.Message(20), new TraceEvent.TurnSends(300), new TraceEvent.Message(20)),
                s.get(0).events());
        assertEquals(Fingerprint.ofClass(5), s.get(0).mark(1), "the turn's end takes no fingerprint");
    }

    @Test
    void aBufferIsFullWhenItsFingerprintsAre() {
        EventBuffer b = new EventBuffer(128, Encoding.COMPACT, true);
        b.subtraceStart(10, 0);
        int n = 0;
        while (b.hasRoom()) {
            b.message(20, Fingerprint.ofClass(4)); // REPEATs: a byte per 32 messages, the fingerprints fill first
            n++;
        }
        assertEquals(32, n);
        assertTrue(b.size() < 16, "events took " + b.size() + " bytes");
    }

    private static List<Subtrace> decode(byte[] events, int length, byte[] trailer) throws MalformedChunkException {
        byte[] chunk = new byte[length + trailer.length];
        System.arraycopy(events, 0, chunk, 0, length);
        System.arraycopy(trailer, 0, chunk, length, trailer.length);
        return new ChunkDecoder(FileHeader.VERSION).decode(chunk, chunk.length, new ChunkInfo(1, 0, 0, 0));
    }

    private static List<Byte> fingerprintsOf(ActorEventSource source) throws Exception {
        List<Byte> out = new ArrayList<>();
        for (TraceEvent e; (e = source.next()) != null; ) {
            if (Subtrace.isMarked(e)) {
                out.add(source.fingerprint());
            } else {
                assertEquals(Fingerprint.NONE, source.fingerprint(), e.describe());
            }
        }
        return out;
    }
}
