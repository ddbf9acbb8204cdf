package dev.reprise.tide.runtime;

/** An asynchronous send {@code ref <- selector(args)}: runs the target's method. */
public final class DirectMessage extends Message {
    private final String selector;
    private final Object[] arguments;

    /** A send of selector with arguments already made passable. */
    public DirectMessage(Actor target, Actor sender, String selector, Object[] arguments, Resolver result) {
        super(target, sender, result);
        this.selector = selector;
        this.arguments = arguments;
    }

    @Override
    public Closure closure() {
        return target().method(selector);
    }

    @Override
    public Object[] arguments() {
        return arguments;
    }
}
