package dev.reprise.agent.replay;

import dev.reprise.replay.ThreadActivity;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * The program's own threads in a replay ({@code main}, and the threads the program made), so the
 * watchdog can tell a wait from a stuck replay: a thread that computes, does I/O or sleeps goes on
 * by itself, as it did in the recording (a {@code main} that sleeps before it terminates the
 * system, a server idle between requests); one parked on a future or a lock may wait for what the
 * replay holds back. Weakly held: a thread that ended goes.
 */
final class ProgramThreads {
    private final Set<Thread> threads = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    /** {@code t} is the program's: {@code main}, or a thread the program made. */
    void add(Thread t) {
        threads.add(t);
    }

    /**
     * The first of the program's threads that goes on by itself, in words ("main sleeps"), or null:
     * one that runs (computing or in I/O), or sleeps ({@code Thread.sleep}, a timed wait with no
     * lock or future behind it).
     */
    String goingOn() {
        List<Thread> now;
        synchronized (threads) {
            now = new ArrayList<>(threads);
        }
        for (Thread t : now) {
            if (ThreadActivity.runs(t)) {
                return "thread " + t.getName() + " runs";
            }
            if (ThreadActivity.sleeps(t)) {
                return "thread " + t.getName() + " sleeps";
            }
        }
        return null;
    }
}
