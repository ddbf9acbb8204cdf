package dev.reprise.runtime;

/**
 * A thread that carries its {@link ThreadRecorder} in a field, so the hot path finds it with a
 * type check and a field load instead of a thread-local lookup. The agent makes the dispatcher
 * threads of an actor system implement it; other threads use a thread-local.
 */
public interface RecordingThread {
    ThreadRecorder repriseRecorder();

    void repriseRecorder(ThreadRecorder recorder);
}
