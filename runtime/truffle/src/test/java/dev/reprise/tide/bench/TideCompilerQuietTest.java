package dev.reprise.tide.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The warm-up ends with the first window of iterations in which the compilers took at most 5% of the time. */
class TideCompilerQuietTest {
    private static final long MS = 1_000_000;

    @Test
    void quietOnlyAfterAWholeWindowUnderTheShare() {
        TideCompilerQuiet quiet = new TideCompilerQuiet();
        for (int i = 0; i < 50; i++) {
            assertFalse(quiet.add(10 * MS, 20 * MS), "compilers busier than the program: still warming up");
        }
        for (int i = 1; i < TideCompilerQuiet.WINDOW; i++) {
            assertFalse(quiet.add(10 * MS, 0), "the window still holds busy iterations (" + i + " quiet so far)");
        }
        assertTrue(quiet.add(10 * MS, 0), "a whole window without compiling");
    }

    @Test
    void aRareCompilationWithinTheShareLeavesItQuiet() {
        TideCompilerQuiet quiet = new TideCompilerQuiet();
        boolean result = false;
        for (int i = 0; i < TideCompilerQuiet.WINDOW; i++) {
            // One 9 ms compilation in 20 iterations of 10 ms: 4.5% of the window.
            result = quiet.add(10 * MS, i == 7 ? 9 * MS : 0);
        }
        assertTrue(result);
        TideCompilerQuiet busier = new TideCompilerQuiet();
        for (int i = 0; i < TideCompilerQuiet.WINDOW; i++) {
            result = busier.add(10 * MS, i == 7 ? 11 * MS : 0);
        }
        assertFalse(result, "11 ms of 200 is over 5%");
    }
}
