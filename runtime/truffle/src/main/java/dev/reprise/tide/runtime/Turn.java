package dev.reprise.tide.runtime;

import dev.reprise.runtime.ThreadRecorder;

/** Per-thread state: the actor whose messages this thread is processing now, and its recorder. */
public final class Turn {
    private Actor actor;
    private ThreadRecorder recorder;

    /** The actor being run, or null on a thread that runs none. */
    public Actor actor() {
        return actor;
    }

    void setActor(Actor current) {
        this.actor = current;
    }

    /** This thread's recorder when its run records, else null. */
    public ThreadRecorder recorder() {
        return recorder;
    }

    /** Set by a recording run on each of its worker threads. */
    public void recorder(ThreadRecorder threadRecorder) {
        this.recorder = threadRecorder;
    }
}
