package dev.reprise.tide.builtins;

import dev.reprise.tide.runtime.TideArray;

/** {@code len(x)}: the length of an array or string. */
final class LenBuiltin extends Builtin {
    @Override
    public Object call(Object[] arguments) {
        if (arguments[0] instanceof TideArray array) {
            return (long) array.length();
        }
        if (arguments[0] instanceof String string) {
            return (long) string.length();
        }
        throw ArgumentErrors.expected(this, "len", "an array or string", arguments[0]);
    }
}
