package dev.reprise.tide.builtins;

/** {@code sin(x)}, {@code sqrt(x)}, {@code exp(x)}: Java's {@link Math} functions on a number. */
final class MathBuiltin extends Builtin {
    /** Which function. */
    enum Function {
        SIN("sin"),
        SQRT("sqrt"),
        EXP("exp");

        private final String builtinName;

        Function(String builtinName) {
            this.builtinName = builtinName;
        }
    }

    // A node constant: the switch below folds to one call when compiled.
    private final Function function;

    MathBuiltin(Function function) {
        this.function = function;
    }

    @Override
    public Object call(Object[] arguments) {
        double x;
        if (arguments[0] instanceof Double number) {
            x = number;
        } else if (arguments[0] instanceof Long integer) {
            x = integer;
        } else {
            throw ArgumentErrors.expected(this, function.builtinName, "a number", arguments[0]);
        }
        return switch (function) {
            case SIN -> Math.sin(x);
            case SQRT -> Math.sqrt(x);
            case EXP -> Math.exp(x);
        };
    }
}
