package dev.reprise.runtime;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.LongAdder;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * jcstress test of {@link DataStage}'s publication, run by {@link BufferOwnershipStressTest}: the
 * owner stages two entries (the second in a new chunk, linked to the first) while the writer
 * drains; the writer sees a prefix of them, each whole, and a later drain gets the rest and gives
 * back the first chunk's room.
 */
public final class DataStageStress {
    private DataStageStress() {}

    private static final int VALUE = 40; // with its header, one entry per 64-byte chunk

    /**
     * r1: the entries of the drain that races the owner (bit 0: the first, bit 1: the second; 4:
     * a value not whole); r2: ten times the entries of both drains, plus 1 when the first chunk's
     * 64 bytes of room came back.
     */
    @JCStressTest
    @Outcome(id = "0, 21", expect = ACCEPTABLE, desc = "the writer drained before the owner staged")
    @Outcome(id = "1, 21", expect = ACCEPTABLE, desc = "the writer saw the first entry")
    @Outcome(id = "3, 21", expect = ACCEPTABLE, desc = "the writer saw both")
    @Outcome(
            expect = FORBIDDEN,
            desc = "the second without the first, a torn value, an entry lost or twice, or room not given back")
    @State
    public static class StageVersusDrain {
        final DataMemory memory = new DataMemory(1 << 20);
        final DataStage stage = new DataStage(64);
        int seen;
        int count;
        long freed;

        private final DataStage.Sink sink = (owner, dataId, bytes, offset, length) -> {
            boolean whole = length == VALUE;
            for (int i = 0; whole && i < length; i++) {
                whole = bytes[offset + i] == (byte) dataId;
            }
            seen |= (whole ? 0 : 4) | (int) dataId;
            count++;
        };

        @Actor
        public void owner() {
            stage.offer(7, 1, filled(1), memory, () -> true, new LongAdder());
            stage.offer(7, 2, filled(2), memory, () -> true, new LongAdder());
        }

        @Actor
        public void writer(II_Result r) {
            drain();
            r.r1 = seen;
        }

        @Arbiter
        public void after(II_Result r) {
            drain();
            r.r2 = count * 10 + (freed == 64 && seen == 3 ? 1 : 0);
        }

        private void drain() {
            try {
                freed += stage.drain(sink);
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e); // the sink does no I/O
            }
        }

        private static byte[] filled(int dataId) {
            byte[] v = new byte[VALUE];
            java.util.Arrays.fill(v, (byte) dataId);
            return v;
        }
    }
}
