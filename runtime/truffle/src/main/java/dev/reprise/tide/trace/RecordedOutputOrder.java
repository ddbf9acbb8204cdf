package dev.reprise.tide.trace;

import dev.reprise.tide.language.TideContext;
import java.util.TreeMap;

/**
 * A replay's standard output: the lines go out in the recording's order (each line's number, from
 * the trace), whatever order the replay's actors print them in. A line whose predecessors are not
 * out yet waits here, while its actor goes on; the line that completes the run sends it out.
 */
final class RecordedOutputOrder {
    private final TideContext context;
    private final TreeMap<Long, String> waiting = new TreeMap<>(); // guarded by this
    private long next = 1; // guarded by this

    RecordedOutputOrder(TideContext context) {
        this.context = context;
    }

    /** The recording's line {@code number} is {@code line}. */
    synchronized void print(long number, String line) {
        if (number != next) {
            waiting.put(number, line);
            return;
        }
        context.println(line);
        next++;
        for (String l; (l = waiting.remove(next)) != null; next++) {
            context.println(l);
        }
    }

    /**
     * For a replay that stops early: the lines that wait for one it never printed, as a sentence
     * for its report, or null when none waits.
     */
    synchronized String held() {
        if (waiting.isEmpty()) {
            return null;
        }
        return waiting.size() + " printed line(s) not shown: in the recording they came after line " + next
                + " of the output, which the replay did not reach";
    }
}
