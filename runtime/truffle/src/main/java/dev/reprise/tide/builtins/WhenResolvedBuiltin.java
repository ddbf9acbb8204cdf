package dev.reprise.tide.builtins;

import dev.reprise.tide.nodes.actors.CurrentActor;
import dev.reprise.tide.runtime.Closure;
import dev.reprise.tide.runtime.Promise;

/**
 * {@code whenResolved(p, fn)}: once p resolves, runs {@code fn(value)} as a message on the
 * current actor; returns the promise of fn's result.
 */
final class WhenResolvedBuiltin extends Builtin {
    @Override
    public Object call(Object[] arguments) {
        if (!(arguments[0] instanceof Promise promise)) {
            throw ArgumentErrors.expected(this, "whenResolved", "a promise", arguments[0]);
        }
        if (!(arguments[1] instanceof Closure callback) || callback.arity() != 1) {
            throw ArgumentErrors.expected(this, "whenResolved", "a function of one argument", arguments[1]);
        }
        return promise.whenResolved(callback, CurrentActor.of(this));
    }
}
