package dev.reprise.tide.builtins;

import dev.reprise.tide.language.TideContext;
import dev.reprise.tide.runtime.Values;

/** {@code print(v)}: writes v and a newline to standard output; returns v. */
final class PrintBuiltin extends Builtin {
    @Override
    public Object call(Object[] arguments) {
        TideContext.get(this).println(Values.str(arguments[0]));
        return arguments[0];
    }
}
