package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A thread that switches among more actors than a chunk has slots (format version 7): an actor
 * pushed out of its slot comes back by a 3-byte WIDE_RESUME, with its counter and last sender.
 */
class EvictedActorsTest {
    private static final ChunkInfo ORIGIN = new ChunkInfo(1, 0, 0, 0);

    @Test
    void aThousandAccountsResumeInThreeBytesAfterTheirFirstTurn() throws Exception {
        int accounts = 1000;
        EventBuffer b = new EventBuffer(1 << 16, Encoding.COMPACT);
        for (int i = 0; i < accounts; i++) {
            b.messageInNewSubtrace(1000 + i, 0, 7, Fingerprint.NONE);
        }
        int firstRound = b.size();
        for (int i = 0; i < accounts; i++) {
            b.messageInNewSubtrace(1000 + i, 1, 7, Fingerprint.NONE);
        }
        assertEquals(3 * accounts, b.size() - firstRound, "a second turn's start and message take 3 bytes");
        List<Subtrace> s = new ChunkDecoder(FileHeader.VERSION).decode(b.array(), b.size(), ORIGIN);
        assertEquals(2 * accounts, s.size());
        for (int i = 0; i < accounts; i++) {
            Subtrace second = s.get(accounts + i);
            assertEquals(1000 + i, second.actor());
            assertEquals(1, second.counter());
            assertEquals(List.of(new TraceEvent.Message(7)), second.events());
        }
    }

    @Test
    void randomSwitchesAmongThousandsOfActorsReadBackAsWritten() throws Exception {
        for (long seed = 1; seed <= 20; seed++) {
            Random r = new Random(seed);
            // Ids that share slots (id & 255) and evicted indexes (id & 2047), some past 2^24.
            long[] actors = new long[200 + r.nextInt(4000)];
            for (int i = 0; i < actors.length; i++) {
                actors[i] = i % 50 == 0 ? (1L << 30) + i : 300 + r.nextInt(9000);
            }
            EventBuffer b = new EventBuffer(1 << 20, Encoding.COMPACT);
            Map<Long, Integer> counters = new HashMap<>();
            List<Subtrace> expected = new ArrayList<>();
            while (b.size() < (1 << 20) - 4096) {
                long actor = actors[r.nextInt(r.nextBoolean() ? Math.min(40, actors.length) : actors.length)];
                // Other threads' subtraces of the actor sometimes lie between: gaps past 16 too.
                int counter = counters.merge(actor, r.nextInt(8) == 0 ? 1 + r.nextInt(20) : 1, Integer::sum);
                long sender = r.nextInt(3) == 0 ? 9 : r.nextInt(5);
                List<TraceEvent> events = new ArrayList<>();
                if (r.nextBoolean()) {
                    b.messageInNewSubtrace(actor, counter, sender, Fingerprint.NONE);
                    events.add(new TraceEvent.Message(sender));
                } else {
                    b.subtraceStart(actor, counter);
                }
                for (int n = r.nextInt(4); n > 0; n--) {
                    long from = r.nextBoolean() ? sender : r.nextInt(5);
                    b.message(from);
                    events.add(new TraceEvent.Message(from));
                }
                expected.add(new Subtrace(actor, counter, events, ORIGIN));
            }
            assertEquals(
                    expected, new ChunkDecoder(FileHeader.VERSION).decode(b.array(), b.size(), ORIGIN), "seed " + seed);
        }
    }

    /**
     * Actor 1 (slot 1) with a message from 5, then actor 257 takes slot 1, then actor 1 starts in
     * full 20 subtraces on and repeats its last sender: since version 7 it was kept among the
     * evicted, so the repeat means 5; before, a full start forgot it. Then 257 comes back by a
     * WIDE_RESUME (evicted index 257, delta 1), which a version 6 reader does not know.
     */
    private static final byte[] EVICTED_AND_BACK = {
        0x00, 1, 0, // start actor 1, counter 0
        0x02, 5, // message from 5
        0x10, 1, 1, 0, // start actor 257, counter 0
        0x02, 6, // message from 6
        0x00, 1, 20, // start actor 1, counter 20
        0x05, // one more message from its last sender
        0x27, 1, 1, // wide resume of evicted index 257, delta 1
    };

    @Test
    void versionSevenKeepsEvictedActorsAndOlderVersionsDoNot() throws Exception {
        List<Subtrace> s =
                new ChunkDecoder(FileHeader.WIDE_RESUMES).decode(EVICTED_AND_BACK, EVICTED_AND_BACK.length, ORIGIN);
        assertEquals(4, s.size());
        assertEquals(new Subtrace(1, 20, List.of(new TraceEvent.Message(5)), ORIGIN), s.get(2));
        assertEquals(new Subtrace(257, 1, List.of(), ORIGIN), s.get(3));

        MalformedChunkException e = assertThrows(
                MalformedChunkException.class,
                () -> new ChunkDecoder(FileHeader.WIDE_RESUMES - 1)
                        .decode(EVICTED_AND_BACK, EVICTED_AND_BACK.length, ORIGIN));
        assertTrue(e.getMessage().contains("no previous sender"), e.getMessage());
        byte[] noRepeat = new byte[EVICTED_AND_BACK.length - 1];
        System.arraycopy(EVICTED_AND_BACK, 0, noRepeat, 0, 14);
        System.arraycopy(EVICTED_AND_BACK, 15, noRepeat, 14, 3);
        e = assertThrows(
                MalformedChunkException.class,
                () -> new ChunkDecoder(FileHeader.WIDE_RESUMES - 1).decode(noRepeat, noRepeat.length, ORIGIN));
        assertTrue(e.getMessage().contains("unknown extended event kind 4"), e.getMessage());
    }

    @Test
    void aWideResumeOfAnEmptyIndexIsMalformed() {
        byte[] chunk = {0x00, 1, 0, 0x27, 2, 1};
        MalformedChunkException e = assertThrows(
                MalformedChunkException.class,
                () -> new ChunkDecoder(FileHeader.VERSION).decode(chunk, chunk.length, ORIGIN));
        assertTrue(e.getMessage().contains("wide resume of evicted index 258 that holds no actor"), e.getMessage());
    }
}
