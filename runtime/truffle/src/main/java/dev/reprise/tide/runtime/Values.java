package dev.reprise.tide.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import dev.reprise.tide.language.TideError;

/** Operations on Tide values that are host code, not worth specialising: printing, equality, copying. */
public final class Values {
    private Values() {}

    /**
     * The value as another actor may receive it: arrays are copied deeply so that state stays
     * isolated; closures cannot cross, as they would carry their actor's frame along.
     */
    @TruffleBoundary
    public static Object passable(Object value) {
        if (value instanceof TideArray array) {
            Object[] copy = new Object[array.length()];
            for (int i = 0; i < copy.length; i++) {
                copy[i] = passable(array.get(i));
            }
            return new TideArray(copy);
        }
        if (value instanceof Closure closure) {
            throw new TideError("cannot pass " + closure + " to another actor");
        }
        return value;
    }

    /** The text {@code print} writes and {@code +} appends. */
    @TruffleBoundary
    public static String str(Object value) {
        if (value instanceof TideArray array) {
            StringBuilder text = new StringBuilder("[");
            for (int i = 0; i < array.length(); i++) {
                text.append(i == 0 ? "" : ", ").append(str(array.get(i)));
            }
            return text.append(']').toString();
        }
        return String.valueOf(value);
    }

    /** Equality of {@code ==}: by value for numbers, booleans and strings, by identity otherwise. */
    @TruffleBoundary
    public static boolean equal(Object left, Object right) {
        if (left instanceof Number || left instanceof Boolean || left instanceof String) {
            return left.equals(right);
        }
        return left == right;
    }

    /** The type name used in error messages. */
    @TruffleBoundary
    public static String typeName(Object value) {
        return switch (value) {
            case Long l -> "integer";
            case Double d -> "float";
            case Boolean b -> "boolean";
            case String s -> "string";
            case TideArray a -> "array";
            case Closure c -> "function";
            case FarRef r -> "actor";
            case Promise p -> "promise";
            case Resolver r -> "resolver";
            default -> "nil";
        };
    }
}
