package dev.reprise.tide.nodes.expression;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.nodes.Node;
import dev.reprise.tide.language.TideError;
import dev.reprise.tide.runtime.Values;

/** The errors operators raise; built behind a boundary as they format text. */
final class OperandErrors {
    private OperandErrors() {}

    @TruffleBoundary
    static TideError badOperands(Node at, String operator, Object left, Object right) {
        return new TideError(
                "cannot apply " + operator + " to " + Values.typeName(left) + " and " + Values.typeName(right), at);
    }

    @TruffleBoundary
    static TideError overflow(Node at, String operator) {
        return new TideError("integer overflow in " + operator, at);
    }

    @TruffleBoundary
    static TideError divisionByZero(Node at) {
        return new TideError("division by zero", at);
    }
}
