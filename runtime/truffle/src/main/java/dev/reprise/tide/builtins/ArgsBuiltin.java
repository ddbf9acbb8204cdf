package dev.reprise.tide.builtins;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import dev.reprise.tide.language.TideContext;
import dev.reprise.tide.runtime.TideArray;

/**
 * {@code args()}: the program's arguments (the launcher's words after the file name) as an array
 * of strings; {@code int(args()[0])} reads a size.
 */
final class ArgsBuiltin extends Builtin {
    @Override
    public Object call(Object[] arguments) {
        return copy(TideContext.get(this).env().getApplicationArguments());
    }

    // A fresh array each call: Tide arrays are mutable and belong to the caller's actor.
    @TruffleBoundary
    private static TideArray copy(String[] words) {
        return new TideArray(words.clone());
    }
}
