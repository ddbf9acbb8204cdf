package dev.reprise.tide.runtime;

import dev.reprise.runtime.ThreadRecorder;

/** Per-thread state: the actor whose messages this thread is processing now, and its recorder. */
public final class Turn {
    private final Thread thread;
    private Actor actor;
    private ThreadRecorder recorder;
    /** An actor this worker's turn made ready, to run next on this worker (no other is woken for it). */
    private Actor next;

    /** The state of {@code thread}. */
    public Turn(Thread thread) {
        this.thread = thread;
    }

    /** The actor being run, or null on a thread that runs none. */
    public Actor actor() {
        return actor;
    }

    void setActor(Actor current) {
        if (actor != null) {
            actor.runningOn = null;
        }
        if (current != null) {
            current.runningOn = this;
        }
        this.actor = current;
    }

    /**
     * Keeps {@code ready} to run next on this worker, if the caller is this worker's thread, in a
     * turn, and it keeps no other: a message to an idle partner then runs on the thread that sent
     * it, after the sender's turn, without waking another worker. False: schedule it for any worker.
     */
    boolean keepNext(Actor ready) {
        if (actor == null || next != null || Thread.currentThread() != thread) {
            return false;
        }
        next = ready;
        return true;
    }

    /** The actor kept to run next, now taken (null if none). */
    Actor takeNext() {
        Actor kept = next;
        next = null;
        return kept;
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
