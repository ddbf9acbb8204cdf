package dev.reprise.tide.builtins;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import dev.reprise.tide.language.TideError;
import dev.reprise.tide.runtime.Values;

/**
 * {@code fail(message)}: stops the program with an error (the launcher prints
 * {@code error: FILE:LINE:COLUMN: message} and exits with 1). A failed result check uses it.
 */
final class FailBuiltin extends Builtin {
    @Override
    public Object call(Object[] arguments) {
        throw error(Values.str(arguments[0]));
    }

    @TruffleBoundary
    private TideError error(String message) {
        return new TideError(message, this);
    }
}
