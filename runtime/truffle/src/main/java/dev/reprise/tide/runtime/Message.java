package dev.reprise.tide.runtime;

/**
 * A message in an actor's mailbox: which closure to run with which arguments, and the resolver
 * of the promise that receives the result (null if nobody waits for it).
 */
public abstract sealed class Message permits DirectMessage, CallbackMessage, CreationMessage {
    private final Actor target;
    // The sending actor; null for a main actor's body and for a callback (whose trace sender is its owner).
    private final Actor sender;
    private final Resolver result;

    Message(Actor target, Actor sender, Resolver result) {
        this.target = target;
        this.sender = sender;
        this.result = result;
    }

    /** The actor that processes the message. */
    public final Actor target() {
        return target;
    }

    /** The resolver of the result promise, or null. */
    public final Resolver result() {
        return result;
    }

    /**
     * The sender as the trace names it: the sending actor's id (0 for the main actor's body, which
     * nobody sent); for a promise callback, the actor that registered it.
     */
    public long traceSender() {
        return sender == null ? 0 : sender.id();
    }

    /** For a promise callback: the id of the actor or timer that resolved the promise (recorded with it); else -1. */
    public long traceResolver() {
        return -1;
    }

    /** The closure to run. */
    public abstract Closure closure();

    /** The arguments for the closure, without its scope. */
    public abstract Object[] arguments();
}
