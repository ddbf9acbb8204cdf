package dev.reprise.tide.builtins;

import dev.reprise.tide.language.TideContext;

/** {@code random(n)}: a uniformly distributed integer in [0, n). */
final class RandomBuiltin extends Builtin {
    @Override
    public Object call(Object[] arguments) {
        if (!(arguments[0] instanceof Long bound) || bound <= 0) {
            throw ArgumentErrors.expected(this, "random", "a positive integer", arguments[0]);
        }
        return TideContext.get(this).nextRandom(bound);
    }
}
