package dev.reprise.trace.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.trace.Encoding;
import org.junit.jupiter.api.Test;

/** The compact forms must pay off on the realistic mixes that the benchmark measures. */
class CompactFormsTest {
    @Test
    void compactEncodingIsNeverLargerAndShrinksTheSameSenderAndRingPatterns() {
        for (EventMix mix : EventMix.values()) {
            double compact = TraceFormatBench.bytesPerMessage(mix, Encoding.COMPACT);
            double small = TraceFormatBench.bytesPerMessage(mix, Encoding.SMALL_IDS);
            double full = TraceFormatBench.bytesPerMessage(mix, Encoding.FULL_WIDTH);
            assertTrue(compact <= small && small <= full, mix + ": " + compact + " / " + small + " / " + full);
        }
        assertTrue(TraceFormatBench.bytesPerMessage(EventMix.COUNTING, Encoding.COMPACT) < 1.0);
        // 2 bytes per message once each actor's first (full) subtrace start is in the buffer.
        assertTrue(TraceFormatBench.bytesPerMessage(EventMix.PING_PONG, Encoding.COMPACT) <= 2.1);
        assertTrue(TraceFormatBench.bytesPerMessage(EventMix.THREAD_RING, Encoding.COMPACT) <= 2.1);
    }
}
