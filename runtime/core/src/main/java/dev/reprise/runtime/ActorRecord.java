package dev.reprise.runtime;

/**
 * The recorder's state for one actor (or outside source): its id, the counter of its latest
 * subtrace and its next data id. The fields are read and written only by the thread running the
 * actor's turn; the actor system's hand-over of the actor between threads (its mailbox) orders
 * those accesses. Not final: an embedder may keep its own state for the actor in a subclass, so
 * that one object serves both (the agent's {@code AgentActor}: a turn then reaches the
 * recorder's state without one more load, which misses the cache in programs of many actors).
 */
public class ActorRecord {
    private final long id;
    /** Counter of the latest subtrace started for this actor, on any thread; -1 before the first. */
    int lastSubtrace = -1;

    private long nextDataId = 1;
    /** An outside source's numbering, shared by the threads that send as it ({@link SourceDataIds}); null for an actor. */
    private final java.util.concurrent.atomic.AtomicLong sourceDataIds;

    public ActorRecord(long id) {
        this.id = id;
        this.sourceDataIds = SourceDataIds.counts(id) ? new java.util.concurrent.atomic.AtomicLong(1) : null;
    }

    /** The id its next data entry will get, without taking it (for a caller that specialises on its width). */
    public long nextDataId() {
        return sourceDataIds != null ? sourceDataIds.get() : nextDataId;
    }

    /** The id of its next data entry (a system call's result). */
    long takeDataId() {
        return sourceDataIds != null ? sourceDataIds.getAndIncrement() : nextDataId++;
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
