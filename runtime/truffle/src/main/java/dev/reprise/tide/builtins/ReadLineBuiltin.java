package dev.reprise.tide.builtins;

import dev.reprise.tide.language.TideContext;
import dev.reprise.tide.runtime.Nil;

/** {@code readLine()}: the next line of standard input, or nil at its end. */
final class ReadLineBuiltin extends Builtin {
    @Override
    public Object call(Object[] arguments) {
        String line = TideContext.get(this).readLine();
        return line == null ? Nil.INSTANCE : line;
    }
}
