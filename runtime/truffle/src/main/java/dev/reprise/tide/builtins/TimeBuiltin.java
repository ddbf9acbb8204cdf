package dev.reprise.tide.builtins;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

/** {@code time()}: milliseconds since the epoch. */
final class TimeBuiltin extends Builtin {
    @Override
    public Object call(Object[] arguments) {
        return now();
    }

    @TruffleBoundary
    private static long now() {
        return System.currentTimeMillis();
    }
}
