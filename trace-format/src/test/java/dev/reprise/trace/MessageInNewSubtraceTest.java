package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The actor switch's one-step append ({@link EventBuffer#messageInNewSubtrace}) writes exactly the
 * bytes of {@link EventBuffer#subtraceStart} followed by {@link EventBuffer#message(long, byte)},
 * in every encoding, with and without fingerprints, over random runs of switches back to actors
 * seen before (RESUMEs with and without the repeat flag), actors sharing a slot, counter jumps
 * past the RESUME range, and other events between them.
 */
class MessageInNewSubtraceTest {
    /** Pairs share a slot (id &amp; 255); one needs the varint width. */
    private static final long[] ACTORS = {3, 259, 7, 1_000, 1_256, 1L << 30};

    private static final long[] SENDERS = {3, 7, 42, 70_000};

    @Test
    void sameBytesAsASubtraceStartAndAMessage() {
        for (Encoding encoding : Encoding.values()) {
            for (boolean fingerprints : new boolean[] {false, true}) {
                for (int seed = 0; seed < 200; seed++) {
                    compare(encoding, fingerprints, seed);
                }
            }
        }
    }

    private static void compare(Encoding encoding, boolean fingerprints, int seed) {
        Random random = new Random(seed);
        EventBuffer twoSteps = new EventBuffer(8192, encoding, fingerprints);
        EventBuffer oneStep = new EventBuffer(8192, encoding, fingerprints);
        int[] counters = new int[ACTORS.length];
        for (int step = 0; step < 300 && twoSteps.hasRoom(); step++) {
            long sender = SENDERS[random.nextInt(SENDERS.length)];
            byte fingerprint = fingerprints ? (byte) (1 + random.nextInt(100)) : Fingerprint.NONE;
            int kind = random.nextInt(10);
            if (kind < 6) { // a switch to an actor and its first message
                int a = random.nextInt(ACTORS.length);
                counters[a] += random.nextInt(8) == 0 ? 1 + random.nextInt(40) : 1;
                twoSteps.subtraceStart(ACTORS[a], counters[a]);
                twoSteps.message(sender, fingerprint);
                oneStep.messageInNewSubtrace(ACTORS[a], counters[a], sender, fingerprint);
            } else if (kind < 9) { // one more message in the subtrace
                twoSteps.message(sender, fingerprint);
                oneStep.message(sender, fingerprint);
            } else {
                twoSteps.creation(sender, CreationKind.ACTOR, fingerprint);
                oneStep.creation(sender, CreationKind.ACTOR, fingerprint);
            }
            String what = encoding + (fingerprints ? " with fingerprints" : "") + ", seed " + seed + ", step " + step;
            assertEquals(twoSteps.size(), oneStep.size(), what);
            assertArrayEquals(
                    Arrays.copyOf(twoSteps.array(), twoSteps.size()),
                    Arrays.copyOf(oneStep.array(), oneStep.size()),
                    what);
            assertEquals(twoSteps.lastMark(), oneStep.lastMark(), what);
        }
    }
}
