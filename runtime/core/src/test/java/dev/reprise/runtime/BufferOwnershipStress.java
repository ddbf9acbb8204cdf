package dev.reprise.runtime;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.reprise.trace.Encoding;
import dev.reprise.trace.EventBuffer;
import dev.reprise.trace.Fingerprint;
import java.util.Arrays;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;
import org.openjdk.jcstress.infra.results.II_Result;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * jcstress tests of {@link BufferOwnership}, one per race between the owner's and the writer's
 * transitions, and of {@link FlushEpoch} and {@link EventBuffer}'s published prefix, which the
 * take-over relies on. Run by {@link BufferOwnershipStressTest}.
 */
public final class BufferOwnershipStress {
    private BufferOwnershipStress() {}

    private static EventBuffer buffer() {
        EventBuffer b = new EventBuffer(256, Encoding.FULL_WIDTH, false);
        b.subtraceStart(100, 1);
        return b;
    }

    /** NOT_HOLDING to HOLDING (owner) against HOLDING to STEALING (writer): a writer that steals sees the buffer. */
    @JCStressTest
    @Outcome(id = "0", expect = ACCEPTABLE, desc = "the owner held nothing yet: nothing to steal")
    @Outcome(id = "1", expect = ACCEPTABLE, desc = "stolen, with the owner's buffer")
    @Outcome(id = "2", expect = FORBIDDEN, desc = "stolen, but the buffer was not visible")
    @State
    public static class AcquireVersusSteal {
        final BufferOwnership o = new BufferOwnership();
        final EventBuffer b = buffer();

        @Actor
        public void owner() {
            o.acquire(b);
        }

        @Actor
        public void writer(I_Result r) {
            EventBuffer stolen = o.steal();
            r.r1 = stolen == null ? 0 : stolen == b ? 1 : 2;
            if (stolen != null) {
                o.giveBack();
            }
        }
    }

    /**
     * HOLDING to NOT_HOLDING (owner's hand-off) against HOLDING to STEALING to TAKEN (writer's
     * take-over), then TAKEN to NOT_HOLDING: exactly one of them writes the buffer, as chunk 5, and
     * the next chunk is 6 for both.
     */
    @JCStressTest
    @Outcome(id = "5, -1, 6", expect = ACCEPTABLE, desc = "the owner handed it off first")
    @Outcome(id = "-1, 5, 6", expect = ACCEPTABLE, desc = "the writer took it over first")
    @Outcome(expect = FORBIDDEN, desc = "lost, written twice, or a sequence out of step")
    @State
    public static class HandOffVersusTakeOver {
        final BufferOwnership o = new BufferOwnership();

        public HandOffVersusTakeOver() {
            o.sequence = 5;
            o.acquire(buffer());
        }

        @Actor
        public void owner(III_Result r) {
            r.r1 = o.release(false) != null ? (int) o.sequence++ : -1;
        }

        @Actor
        public void writer(III_Result r) {
            r.r2 = o.steal() != null ? (int) o.take() : -1;
        }

        @Arbiter
        public void after(III_Result r) {
            r.r3 = o.lvState() == BufferOwnership.NOT_HOLDING && o.buffer == null ? (int) o.sequence : -100;
        }
    }

    /** HOLDING to NOT_HOLDING against HOLDING to STEALING to HOLDING (the writer leaves it): the owner always gets its buffer. */
    @JCStressTest
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "handed off before the writer looked")
    @Outcome(
            id = "1, 1",
            expect = ACCEPTABLE,
            desc = "the writer looked and left it; the owner waited, then handed off")
    @Outcome(expect = FORBIDDEN, desc = "the owner lost its buffer")
    @State
    public static class HandOffVersusGiveBack {
        final BufferOwnership o = new BufferOwnership();
        final EventBuffer b = buffer();

        public HandOffVersusGiveBack() {
            o.acquire(b);
        }

        @Actor
        public void owner(II_Result r) {
            r.r1 = o.release(false) == b && o.lvState() == BufferOwnership.NOT_HOLDING ? 1 : 0;
        }

        @Actor
        public void writer(II_Result r) {
            if (o.steal() != null) {
                o.giveBack();
                r.r2 = 1;
            }
        }
    }

    /** At close, a take-over leaves TAKEN for good: the owner gets no buffer again. */
    @JCStressTest
    @Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "handed off first; the owner may record on")
    @Outcome(id = "0, 1, 0", expect = ACCEPTABLE, desc = "taken over first; the owner records nothing more")
    @Outcome(id = "1, 1, 1", expect = ACCEPTABLE, desc = "handed off first; the owner's next buffer was taken over")
    @Outcome(expect = FORBIDDEN, desc = "both or neither wrote it, or a taken thread got a buffer")
    @State
    public static class HandOffVersusTakeOverAtClose {
        final BufferOwnership o = new BufferOwnership();

        public HandOffVersusTakeOverAtClose() {
            o.acquire(buffer());
        }

        @Actor
        public void owner(III_Result r) {
            r.r1 = o.release(true) != null ? 1 : 0;
            r.r3 = o.acquire(buffer()) ? 1 : 0;
        }

        @Actor
        public void writer(III_Result r) {
            if (o.steal() != null) {
                o.take();
                r.r2 = 1;
            }
        }
    }

    /** An append against a writer copying the published prefix: the prefix never holds a torn event. */
    @JCStressTest
    @Outcome(id = "0", expect = ACCEPTABLE, desc = "the prefix ends before the message")
    @Outcome(id = "1", expect = ACCEPTABLE, desc = "the prefix holds the whole message")
    @Outcome(id = "2", expect = FORBIDDEN, desc = "the prefix holds bytes not yet written")
    @State
    public static class AppendVersusPrefix {
        static final byte[] WHOLE;
        static final int START;

        static {
            EventBuffer reference = buffer();
            START = reference.size();
            reference.message(123_456_789L, Fingerprint.NONE);
            WHOLE = Arrays.copyOf(reference.array(), reference.size());
        }

        final EventBuffer b = buffer();

        @Actor
        public void owner() {
            b.message(123_456_789L, Fingerprint.NONE);
        }

        @Actor
        public void writer(I_Result r) {
            int length = b.publishedSize();
            byte[] prefix = Arrays.copyOf(b.array(), length);
            r.r1 = length == START ? 0 : Arrays.equals(prefix, WHOLE) ? 1 : 2;
        }
    }

    /** The writer's tick and a close on another thread advance the epoch at once: both count. */
    @JCStressTest
    @Outcome(id = "2", expect = ACCEPTABLE, desc = "both advances counted")
    @Outcome(expect = FORBIDDEN, desc = "an advance was lost: a thread may miss a flush")
    @State
    public static class EpochAdvances {
        final FlushEpoch e = new FlushEpoch();

        @Actor
        public void tick() {
            e.advanceEpoch();
        }

        @Actor
        public void close() {
            e.advanceEpoch();
        }

        @Arbiter
        public void after(I_Result r) {
            r.r1 = e.epoch;
        }
    }
}
