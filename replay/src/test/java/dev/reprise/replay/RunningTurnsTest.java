package dev.reprise.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The plain message turns that {@link RunningTurns} counts on each thread's own slot add up to
 * every turn begun, on threads still alive and on threads that have died (whose slots are dropped).
 */
class RunningTurnsTest {
    @Test
    void messageTurnsOfEveryThreadAreCountedAlsoAfterTheirThreadsDie() throws Exception {
        RunningTurns turns = new RunningTurns();
        int threads = 4;
        int each = 100_000;
        List<Thread> started = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            long actor = i + 1;
            Thread t = new Thread(() -> {
                for (int n = 0; n < each; n++) {
                    turns.beginMessage(actor);
                    turns.end();
                }
            });
            started.add(t);
            t.start();
        }
        for (Thread t : started) {
            t.join();
        }
        assertEquals((long) threads * each, turns.messages(), "counted while the dead threads' slots remain");
        assertFalse(turns.computing()); // drops the dead threads' slots
        assertEquals((long) threads * each, turns.messages(), "counted after their slots were dropped");

        turns.begin(7); // a system message's turn: not a plain message
        turns.end();
        turns.beginMessage(7);
        turns.end();
        assertEquals((long) threads * each + 1, turns.messages());
    }
}
