package dev.reprise.agent.context;

import dev.reprise.agent.actor.ActorIds;
import java.util.Arrays;

/**
 * The promise completions under way on one thread ({@code DefaultPromise.tryComplete0} calls that
 * {@link Callbacks#completing} gave an id), innermost last: a callback that runs at once may
 * complete another promise, and a link ({@code completeWith}) completes its root inside the
 * attempt. A completion is recorded when its attempt hands the promise's callbacks over
 * ({@code submitWithValue}), before any callback can run, else when the attempt returns true.
 * Recorded only on return, it could be lost: a callback on another thread may send a message that
 * ends the program (its resolver is the completion) before the completing thread comes back.
 * Used by its own thread only.
 */
final class CompletionsUnderWay {
    private long[] ids = new long[4];
    private Object[] results = new Object[4];
    private int depth;

    /** An attempt with id {@code id} and result {@code result} starts. */
    void begin(long id, Object result) {
        if (depth == ids.length) {
            ids = Arrays.copyOf(ids, depth * 2);
            results = Arrays.copyOf(results, depth * 2);
        }
        ids[depth] = id;
        results[depth] = result;
        depth++;
    }

    /**
     * Callbacks are handed over with {@code result}: the id of the innermost attempt if it made
     * that result and is not recorded yet (it is from now on), else {@link ActorIds#UNKNOWN} (a
     * callback registered on a future already complete, or the attempt's second hand-over).
     */
    long submitting(Object result) {
        int top = depth - 1;
        if (top < 0 || results[top] != result || ids[top] == ActorIds.UNKNOWN) {
            return ActorIds.UNKNOWN;
        }
        long id = ids[top];
        ids[top] = ActorIds.UNKNOWN;
        return id;
    }

    /** The innermost attempt returns: its id if it is not recorded yet, else {@link ActorIds#UNKNOWN}. */
    long end() {
        if (depth == 0) {
            return ActorIds.UNKNOWN; // began before the agent could see it: nothing to end
        }
        depth--;
        results[depth] = null; // the result must not outlive the attempt here
        return ids[depth];
    }
}
