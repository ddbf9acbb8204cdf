package dev.reprise.agent.replay;

import akka.actor.ActorPath;

/**
 * In which order an actor takes its input, in record and replay. Every actor's input is recorded
 * and replayed in its recorded order, except two of Akka's own actors whose input races on state
 * inside Akka, not in any mailbox:
 * <ul>
 *   <li>{@link #ARRIVAL}: the event stream's unsubscriber is told to watch each subscriber by
 *       whichever of {@code main} and the subscribing actor gets to the event stream's subscriber
 *       set first; held to the recorded registrations, it could wait for a death it never watched,
 *       and the actor system could not terminate. It is not recorded; in replay it takes its
 *       messages in arrival order.
 *   <li>{@link #RECORDED_LETTERS}: the dead-letter listener gets a dead letter from its sender when
 *       the recipient was dead already, or from the recipient's mailbox when it stops with the
 *       letter in it: which one, and so when the letter comes, depends on the recipient's state at
 *       the send. Letters are tagged with their own sender and recipient, whoever publishes them,
 *       and replayed in their recorded order, so its "dead letters encountered" log lines come as
 *       recorded; but waiting for a letter is never a divergence (its time is not the sender's),
 *       past its recorded letters it goes on in arrival order, and its system messages (its stop
 *       during shutdown) come as they come.
 * </ul>
 */
public enum InputOrder {
    /** Messages and system messages in their recorded order: every actor but the two below. */
    RECORDED,
    /** Not recorded: messages in arrival order, system messages as they come. */
    ARRIVAL,
    /** Messages in recorded order without a wait ever being reported; system messages as they come. */
    RECORDED_LETTERS;

    /** The order of the actor at {@code path} (checked once per actor, cheaply). */
    public static InputOrder of(ActorPath path) {
        String name = path.name();
        boolean unsubscriber = name.startsWith("eventStreamUnsubscriber");
        if (!unsubscriber && !name.equals("deadLetterListener") || !directlyUnderSystem(path)) {
            return RECORDED;
        }
        return unsubscriber ? ARRIVAL : RECORDED_LETTERS;
    }

    private static boolean directlyUnderSystem(ActorPath path) {
        return path.parent().name().equals("system")
                && path.parent().parent().parent() == path.parent().parent();
    }

    /** Whether its messages are recorded. */
    public boolean recordsMessages() {
        return this != ARRIVAL;
    }

    /** Whether its system messages are recorded. */
    public boolean recordsSystemMessages() {
        return this == RECORDED;
    }
}
