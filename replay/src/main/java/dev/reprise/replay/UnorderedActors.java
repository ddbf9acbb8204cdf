package dev.reprise.replay;

import akka.actor.ActorPath;

/**
 * Akka's own actors whose input races on state shared inside Akka, not in any mailbox, so no
 * per-actor order can reproduce it: they are not recorded, and in replay they take their messages
 * in arrival order. The event stream's unsubscriber is told to watch each subscriber by whichever
 * of {@code main} and the subscribing actor gets to the event stream's subscriber set first; a
 * replay holding it to the recorded registrations could leave it waiting for a death it never
 * watched, and the actor system could not terminate. What it does (unsubscribing dead actors) is
 * invisible to the application.
 */
public final class UnorderedActors {
    private UnorderedActors() {}

    /** Whether the actor at {@code path} is replayed in arrival order (checked once per actor, cheaply). */
    public static boolean isUnordered(ActorPath path) {
        return path.name().startsWith("eventStreamUnsubscriber") && path.parent().name().equals("system")
                && path.parent().parent().parent() == path.parent().parent(); // /system/eventStreamUnsubscriber-N
    }
}
