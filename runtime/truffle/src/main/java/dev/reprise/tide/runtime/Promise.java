package dev.reprise.tide.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * A promise: resolved at most once, by whoever holds its {@link Resolver}. Callbacks registered
 * with {@code whenResolved} run as messages on the actor that registered them. Resolving with
 * another promise locks this one to that promise's eventual value.
 */
public final class Promise {
    /** What happens when the promise gets its value. */
    private sealed interface Reaction permits Callback, Forward {}

    /** Sends the callback, with the value, to the actor that registered it. */
    private record Callback(Actor owner, long registration, long expectedResolver, Closure callback, Resolver chained)
            implements Reaction {
        void fire(Object value, long resolvedBy) {
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
    private record Forward(Promise outer) implements Reaction {}

    // Who is expected to resolve it (an actor or timer id, or Registrations.ANYONE): a guess that makes traced
    // callbacks small.
    private final long expectedResolver;

    // Guarded by this.
    private boolean locked;
    private boolean resolved;
    private Object value;
    // Reported as the resolver of callbacks, even those registered after the resolution: an actor or timer id.
    private long resolver;
    private List<Reaction> reactions = new ArrayList<>();

    /** A promise that {@code expectedResolver} is expected to resolve (an actor or timer id, or -1: anyone). */
    Promise(long expectedResolver) {
        this.expectedResolver = expectedResolver;
    }

    /**
     * Resolves the promise on behalf of {@code resolvedBy} (an actor or timer id); false if it was
     * already resolved (or locked to another promise).
     */
    @TruffleBoundary
    boolean resolve(Object resolution, long resolvedBy) {
        synchronized (this) {
            if (locked) {
                return false;
            }
            locked = true;
        }
        if (resolution instanceof Promise inner) {
            inner.react(new Forward(this));
        } else {
            completeAll(this, Values.passable(resolution), resolvedBy);
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

    /**
     * Completes {@code first} and every promise locked to it, however long the chain (a promise
     * resolved with a promise resolved with a promise...): iteratively, depth first, so each
     * promise's reactions fire in the order they were added, as a recursion would fire them, but
     * without using the Java stack.
     */
    private static void completeAll(Promise first, Object result, long resolvedBy) {
        ArrayDeque<Iterator<Reaction>> pending = new ArrayDeque<>();
        pending.push(first.settle(result, resolvedBy).iterator());
        while (!pending.isEmpty()) {
            Iterator<Reaction> reactions = pending.peek();
            if (!reactions.hasNext()) {
                pending.pop();
                continue;
            }
            switch (reactions.next()) {
                case Callback callback -> callback.fire(result, resolvedBy);
                case Forward(Promise outer) ->
                    pending.push(outer.settle(result, resolvedBy).iterator());
            }
        }
    }

    // Sets the value; returns the reactions to fire, which no longer change.
    private synchronized List<Reaction> settle(Object result, long resolvedBy) {
        value = result;
        resolver = resolvedBy;
        resolved = true;
        List<Reaction> toFire = reactions;
        reactions = null;
        return toFire;
    }

    private void react(Reaction reaction) {
        Object known;
        long knownResolver;
        synchronized (this) {
            if (!resolved) {
                reactions.add(reaction);
                return;
            }
            known = value;
            knownResolver = resolver;
        }
        switch (reaction) {
            case Callback callback -> callback.fire(known, knownResolver);
            case Forward(Promise outer) -> completeAll(outer, known, knownResolver);
        }
    }

    @Override
    public String toString() {
        return "<promise>";
    }
}
