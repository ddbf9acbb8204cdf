package dev.reprise.tools.diff;

import dev.reprise.trace.CreationKind;

/**
 * What an actor is, independent of its id: ids are handed out in creation order across all
 * actors, so two runs that create the same actors in another interleaving give them other ids.
 * A diff matches the actors of two runs by their place instead.
 */
sealed interface Place {
    /** An outside source, known by the name the recorder gave it ("thread:main/thread 2"). */
    record Source(String name) implements Place {}

    /** An actor whose creation the trace does not hold (a guardian, an unnamed source): known by its id only. */
    record Unplaced(long id) implements Place {}

    /**
     * The {@code nth} (from 0) creation of {@code kind} by the actor whose place has key {@code
     * creator} in {@link Places}.
     */
    record Child(int creator, CreationKind kind, int nth) implements Place {}
}
