package dev.reprise.tide.runtime;

/**
 * The first message of every actor: runs its declaration's body, which initialises its state
 * and installs its methods. Being a message, it runs on the new actor's own event loop.
 */
public final class CreationMessage extends Message {
    private final Closure body;
    private final Object[] arguments;

    CreationMessage(Actor target, Actor creator, Closure body, Object[] arguments) {
        super(target, creator, null);
        this.body = body;
        this.arguments = arguments;
    }

    @Override
    public Closure closure() {
        return body;
    }

    @Override
    public Object[] arguments() {
        return arguments;
    }
}
