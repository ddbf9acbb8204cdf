package dev.reprise.tide.builtins;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import dev.reprise.tide.runtime.TideArray;
import java.util.Arrays;

/** {@code array(n, v)}: a new array of n elements, each v. */
final class ArrayBuiltin extends Builtin {
    @Override
    public Object call(Object[] arguments) {
        if (!(arguments[0] instanceof Long length) || length < 0 || length > Integer.MAX_VALUE) {
            throw ArgumentErrors.expected(this, "array", "a length", arguments[0]);
        }
        return filled(length.intValue(), arguments[1]);
    }

    @TruffleBoundary
    private static TideArray filled(int length, Object value) {
        Object[] elements = new Object[length];
        Arrays.fill(elements, value);
        return new TideArray(elements);
    }
}
