package dev.reprise.acmeair.actors;

import akka.actor.ActorRef;

/**
 * Asks the sessions actor to check the call's session cookie and, if valid, forward the call to
 * {@code target}; otherwise it answers 403 itself.
 *
 * @param call the call, not yet authenticated
 * @param target the actor that serves it
 */
public record Authorize(Call call, ActorRef target) {}
