package dev.reprise.agent.replay;

import akka.actor.ActorPath;

/**
 * Akka's own actors whose input races on state inside Akka, not in any mailbox, so no per-actor
 * order can reproduce it: they are not recorded, and in replay they take their messages in
 * arrival order. What they do is invisible to the application (unless it logs dead letters).
 * <ul>
 *   <li>The event stream's unsubscriber is told to watch each subscriber by whichever of
 *       {@code main} and the subscribing actor gets to the event stream's subscriber set first; held
 *       to the recorded registrations, it could wait for a death it never watched, and the actor
 *       system could not terminate.
 *   <li>The dead-letter listener gets a dead letter from the sender when the recipient was dead
 *       already, or from the recipient's mailbox when it stops with the message in it: which one, and
 *       so whether and when a letter comes, depends on the recipient's state at the send. (Its
 *       "dead letters encountered" log lines may come in another order in replay.)
 * </ul>
 */
public final class UnorderedActors {
    private UnorderedActors() {}

    /** Whether the actor at {@code path} is replayed in arrival order (checked once per actor, cheaply). */
    public static boolean isUnordered(ActorPath path) {
        String name = path.name();
        return (name.startsWith("eventStreamUnsubscriber") || name.equals("deadLetterListener"))
                && path.parent().name().equals("system")
                && path.parent().parent().parent() == path.parent().parent(); // directly under /system
    }
}
