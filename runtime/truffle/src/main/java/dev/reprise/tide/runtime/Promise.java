package dev.reprise.tide.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import java.util.ArrayList;
import java.util.List;

/**
 * A promise: resolved at most once, by whoever holds its {@link Resolver}. Callbacks registered
 * with {@code whenResolved} run as messages on the actor that registered them. Resolving with
 * another promise locks this one to that promise's eventual value.
 */
public final class Promise {
    /** What happens when the promise gets its value. */
    private sealed interface Reaction permits Callback, Forward {
        void fire(Object value, Actor resolvedBy);
    }

    /** Sends the callback, with the value, to the actor that registered it. */
    private record Callback(Actor owner, long registration, long expectedResolver, Closure callback, Resolver chained)
            implements Reaction {
        @Override
        public void fire(Object value, Actor resolvedBy) {
            owner.system()
                    .send(new CallbackMessage(
                            owner,
                            resolvedBy,
                            registration,
                            expectedResolver,
                            callback,
                            Values.passable(value),
                            chained));
        }
    }

    /** Completes a promise that was resolved with this one. */
    private record Forward(Promise outer) implements Reaction {
        @Override
        public void fire(Object value, Actor resolvedBy) {
            outer.complete(value, resolvedBy);
        }
    }

    // Who is expected to resolve it (an actor id, or Registrations.ANYONE): a guess that makes traced callbacks small.
    private final long expectedResolver;

    // Guarded by this.
    private boolean locked;
    private boolean resolved;
    private Object value;
    // Reported as the sender of callbacks, even those registered after the resolution.
    private Actor resolver;
    private List<Reaction> reactions = new ArrayList<>();

    /** A promise that {@code expectedResolver} is expected to resolve (an actor id, or -1: anyone). */
    Promise(long expectedResolver) {
        this.expectedResolver = expectedResolver;
    }

    /** Resolves the promise; false if it was already resolved (or locked to another promise). */
    @TruffleBoundary
    boolean resolve(Object resolution, Actor resolvedBy) {
        synchronized (this) {
            if (locked) {
                return false;
            }
            locked = true;
        }
        if (resolution instanceof Promise inner) {
            inner.react(new Forward(this));
        } else {
            complete(Values.passable(resolution), resolvedBy);
        }
        return true;
    }

    /**
     * Registers a callback for the owner actor; returns the promise of the callback's result.
     */
    @TruffleBoundary
    public Promise whenResolved(Closure callback, Actor owner) {
        Resolver chained = new Resolver(new Promise(owner.id())); // the callback's result, when it runs
        react(new Callback(
                owner, owner.registrations().register(expectedResolver), expectedResolver, callback, chained));
        return chained.promise();
    }

    private void complete(Object result, Actor resolvedBy) {
        List<Reaction> toFire;
        synchronized (this) {
            value = result;
            resolver = resolvedBy;
            resolved = true;
            toFire = reactions;
            reactions = null;
        }
        for (Reaction reaction : toFire) {
            reaction.fire(result, resolvedBy);
        }
    }

    private void react(Reaction reaction) {
        Object known;
        Actor knownResolver;
        synchronized (this) {
            if (!resolved) {
                reactions.add(reaction);
                return;
            }
            known = value;
            knownResolver = resolver;
        }
        reaction.fire(known, knownResolver);
    }

    @Override
    public String toString() {
        return "<promise>";
    }
}
