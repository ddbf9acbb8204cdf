package dev.reprise.tide.builtins;

import dev.reprise.tide.nodes.actors.ResolvePromiseNode;
import dev.reprise.tide.runtime.Resolver;

/** {@code resolve(r, v)}: resolves r's promise with v; false if it was already resolved. */
final class ResolveBuiltin extends Builtin {
    @Child private ResolvePromiseNode resolve = new ResolvePromiseNode();

    @Override
    public Object call(Object[] arguments) {
        if (!(arguments[0] instanceof Resolver resolver)) {
            throw ArgumentErrors.expected(this, "resolve", "a resolver", arguments[0]);
        }
        return resolve.execute(resolver, arguments[1]);
    }
}
