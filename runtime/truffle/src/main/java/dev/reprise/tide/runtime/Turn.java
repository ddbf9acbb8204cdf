package dev.reprise.tide.runtime;

/** Per-thread state: the actor whose messages this thread is processing now. */
public final class Turn {
    private Actor actor;

    /** The actor being run, or null on a thread that runs none. */
    public Actor actor() {
        return actor;
    }

    void setActor(Actor current) {
        this.actor = current;
    }
}
