package dev.reprise.runtime;

/**
 * The recorder's state for one actor: its id, the counter of its latest subtrace and its next
 * data id. The fields are read and written only by the thread running the actor's turn; the actor
 * system's hand-over of the actor between threads (its mailbox) orders those accesses.
 */
public final class ActorRecord {
    private final long id;
    /** Counter of the latest subtrace started for this actor, on any thread; -1 before the first. */
    int lastSubtrace = -1;
    long nextDataId = 1;

    public ActorRecord(long id) {
        this.id = id;
    }

    /** The actor's id in the trace. */
    public long id() {
        return id;
    }

    @Override
    public String toString() {
        return "actor " + id;
    }
}
