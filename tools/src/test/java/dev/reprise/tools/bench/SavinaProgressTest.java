package dev.reprise.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class SavinaProgressTest {
    private static SavinaProgress progress(int configs, int pairs, int withPeers, int replayed) {
        return new SavinaProgress(new PrintWriter(new StringWriter()), configs, pairs, withPeers, replayed);
    }

    @Test
    void eachKindOfBlockIsEstimatedFromItsOwnKind() {
        // 3 benchmarks of 5 blocks; the first runs the peers and the replay.
        SavinaProgress p = progress(3, 5, 1, 1);
        p.took(1, 300);
        assertEquals(2 * 300 + 12 * 300, p.secondsLeft(), 1e-9, "nothing but the first block known: all like it");
        p.took(2, 40);
        assertEquals(2 * 300 + 11 * 40, p.secondsLeft(), 1e-9);
        for (int k = 3; k <= 5; k++) {
            p.took(k, 40);
        }
        p.took(1, 200);
        assertEquals(250 + 8 * 40, p.secondsLeft(), 1e-9, "the first blocks by their mean");
    }

    @Test
    void peersAndReplaysInDifferentNumbersOfBlocksAreKindsApart() {
        SavinaProgress p = progress(1, 3, 2, 1); // block 1 peers and replay, block 2 peers, block 3 neither
        p.took(1, 100);
        p.took(2, 60);
        assertEquals(80, p.secondsLeft(), 1e-9, "block 3 not seen in its kind: the mean of all");
        p.took(3, 10);
        assertEquals(0, p.secondsLeft(), 1e-9);
    }
}
