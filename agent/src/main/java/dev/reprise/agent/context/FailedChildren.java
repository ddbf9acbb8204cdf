package dev.reprise.agent.context;

import dev.reprise.agent.actor.ActorIds;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Which child's failure each cause came from, as its supervisor handled it: a restart or
 * resumption carries the cause, so two restarts (say, under all-for-one) are told apart by it
 * ({@link SystemMessageTurns}). Weak, by identity (Throwable does not override equals).
 */
public final class FailedChildren {
    private final Map<Throwable, Long> childOf = Collections.synchronizedMap(new WeakHashMap<>());

    /** Child {@code child} failed with {@code cause}, and its supervisor handles that now. */
    void failed(Throwable cause, long child) {
        childOf.put(cause, child);
    }

    /** The child whose failure {@code cause} was, or {@link ActorIds#UNKNOWN}. */
    long childOf(Throwable cause) {
        Long child = childOf.get(cause);
        return child == null ? ActorIds.UNKNOWN : child;
    }
}
