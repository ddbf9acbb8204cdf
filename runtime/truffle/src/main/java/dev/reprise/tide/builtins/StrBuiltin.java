package dev.reprise.tide.builtins;

import dev.reprise.tide.runtime.Values;

/** {@code str(v)}: v as printed. */
final class StrBuiltin extends Builtin {
    @Override
    public Object call(Object[] arguments) {
        return Values.str(arguments[0]);
    }
}
