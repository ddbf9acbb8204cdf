package dev.reprise.tide.runtime;

/**
 * The messages an actor has not processed yet, in the order it will process them. Called only
 * under the actor's lock. A run chooses the kind once: arrival order, or a replay's recorded order.
 */
public interface Mailbox {
    /** Adds a message that arrived. */
    void add(Message message);

    /** The message to process next, or null when there is none to process now. */
    Message poll();

    /** Arrival order: the mailbox of a run that is not replayed. */
    static Mailbox fifo() {
        return new FifoMailbox();
    }
}
