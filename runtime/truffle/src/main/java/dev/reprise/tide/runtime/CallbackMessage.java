package dev.reprise.tide.runtime;

/** A {@code whenResolved} callback, run on the actor that registered it once the promise resolves. */
public final class CallbackMessage extends Message {
    private final long resolver;
    private final long registration;
    private final long expectedResolver;
    private final Closure callback;
    private final Object value;

    CallbackMessage(
            Actor target,
            long resolver,
            long registration,
            long expectedResolver,
            Closure callback,
            Object value,
            Resolver result) {
        super(target, null, result);
        this.resolver = resolver;
        this.registration = registration;
        this.expectedResolver = expectedResolver;
        this.callback = callback;
        this.value = value;
    }

    /** Which of the target's {@code whenResolved} registrations this is the callback of, counting from 0. */
    public long registration() {
        return registration;
    }

    /** Who was expected to resolve the promise when the callback was registered (an actor id, or -1: anyone). */
    long expectedResolver() {
        return expectedResolver;
    }

    /** The actor that registered the callback: the target. Its registrations are in its recorded turns. */
    @Override
    public long traceSender() {
        return target().id();
    }

    /** The actor or timer that resolved the promise. */
    @Override
    public long traceResolver() {
        return resolver;
    }

    @Override
    public Closure closure() {
        return callback;
    }

    @Override
    public Object[] arguments() {
        return new Object[] {value};
    }
}
