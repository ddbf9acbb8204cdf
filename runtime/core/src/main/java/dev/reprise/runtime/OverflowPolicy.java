package dev.reprise.runtime;

/** What a recording thread does when every buffer is full and the writer has not caught up. */
public enum OverflowPolicy {
    /** Wait for the writer: nothing is lost, the application slows down. The default. */
    BLOCK,
    /**
     * Drop events and count them exactly: the trace records a gap where they were, and replay
     * refuses to go past it. The application is never slowed by the recorder.
     */
    DROP
}
