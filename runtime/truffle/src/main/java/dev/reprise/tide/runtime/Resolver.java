package dev.reprise.tide.runtime;

/** The capability to resolve one promise; holding the promise alone does not grant it. */
public final class Resolver {
    private final Promise promise;

    /** The resolver of the given, unresolved promise. */
    public Resolver(Promise promise) {
        this.promise = promise;
    }

    /** A resolver with a new promise that anyone holding the resolver may resolve. */
    public static Resolver create() {
        return new Resolver(new Promise(Registrations.ANYONE));
    }

    /** A resolver with the promise of a message's result, which its {@code target} resolves when it has run it. */
    public static Resolver forResultOf(Actor target) {
        return new Resolver(new Promise(target.id()));
    }

    /** The promise this resolves. */
    public Promise promise() {
        return promise;
    }

    /** Resolves the promise with value, on behalf of the given actor; false if already resolved. */
    public boolean resolve(Object value, Actor resolvedBy) {
        return promise.resolve(value, resolvedBy.id());
    }

    /** Resolves the promise with value, on behalf of the actor or timer {@code resolvedBy}; false if already resolved. */
    boolean resolve(Object value, long resolvedBy) {
        return promise.resolve(value, resolvedBy);
    }

    @Override
    public String toString() {
        return "<resolver>";
    }
}
