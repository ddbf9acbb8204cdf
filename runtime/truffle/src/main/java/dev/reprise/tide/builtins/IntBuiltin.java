package dev.reprise.tide.builtins;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import dev.reprise.tide.language.TideError;

/**
 * {@code int(v)}: an integer from a float (truncated toward zero, as Java's cast), from a string
 * of decimal digits, or an integer itself. A string that is not an integer is an error naming it.
 */
final class IntBuiltin extends Builtin {
    @Override
    public Object call(Object[] arguments) {
        Object value = arguments[0];
        if (value instanceof Long) {
            return value;
        }
        if (value instanceof Double number) {
            return (long) number.doubleValue();
        }
        if (value instanceof String text) {
            return parse(text);
        }
        throw ArgumentErrors.expected(this, "int", "a number or a string", value);
    }

    @TruffleBoundary
    private long parse(String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new TideError("int expects a string of an integer, got \"" + text + "\"", this);
        }
    }
}
