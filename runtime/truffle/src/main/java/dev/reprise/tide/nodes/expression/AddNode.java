package dev.reprise.tide.nodes.expression;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.Specialization;
import com.oracle.truffle.api.nodes.NodeInfo;
import dev.reprise.tide.nodes.BinaryNode;
import dev.reprise.tide.runtime.Values;

/** {@code a + b}: integer or float addition, or concatenation when either operand is a string. */
@NodeInfo(shortName = "+")
public abstract class AddNode extends BinaryNode {
    @Specialization
    protected long doLong(long left, long right) {
        try {
            return Math.addExact(left, right);
        } catch (ArithmeticException e) {
            throw OperandErrors.overflow(this, "+");
        }
    }

    @Specialization
    protected double doDouble(double left, double right) {
        return left + right;
    }

    @Specialization(guards = "isString(left) || isString(right)")
    @TruffleBoundary
    protected String concat(Object left, Object right) {
        return Values.str(left) + Values.str(right);
    }

    @Fallback
    protected Object typeError(Object left, Object right) {
        throw OperandErrors.badOperands(this, "+", left, right);
    }

    static boolean isString(Object value) {
        return value instanceof String;
    }
}
