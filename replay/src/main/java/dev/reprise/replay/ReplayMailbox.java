package dev.reprise.replay;

/**
 * What the replay core needs of one actor's replay mailbox (the agent's, for Akka), for the
 * watchdog and the reports: which actor it is, whether it waits for what its script expects, and
 * what is held in it. A mailbox attaches itself to its actor's script with {@link Replay#attach}.
 */
public interface ReplayMailbox {
    /** The actor's trace id, looked up if not yet known. */
    long actorId();

    /** The actor's id if it is known yet, else -1; without the mailbox's lock, for reports. */
    long knownActorId();

    /** The script expects a message that has not arrived. */
    boolean waitingForExpectedMessage();

    /**
     * For the end of a cut recording: the expected message can never come, because its sender (or
     * the resolver of a promise message) has used up its recorded events, or the content of the
     * expected outside input was lost with the end of the recording.
     */
    boolean waitsBeyondTheRecording();

    /** What waits in this mailbox, grouped by kind, sender and message class, for reports. */
    HeldMessages held();

    /** How many messages wait in it. */
    int numberOfMessages();
}
