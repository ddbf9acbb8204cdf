package dev.reprise.tide.builtins;

import dev.reprise.tide.runtime.Resolver;
import dev.reprise.tide.runtime.TideArray;

/** {@code promisePair()}: a new unresolved promise and its resolver, as {@code [promise, resolver]}. */
final class PromisePairBuiltin extends Builtin {
    @Override
    public Object call(Object[] arguments) {
        Resolver resolver = Resolver.create();
        return new TideArray(new Object[] {resolver.promise(), resolver});
    }
}
