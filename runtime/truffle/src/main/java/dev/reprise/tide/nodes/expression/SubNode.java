package dev.reprise.tide.nodes.expression;

import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.Specialization;
import com.oracle.truffle.api.nodes.NodeInfo;
import dev.reprise.tide.nodes.BinaryNode;

/** {@code a - b} on integers (overflow is an error), or on floats if either operand is one. */
@NodeInfo(shortName = "-")
public abstract class SubNode extends BinaryNode {
    @Specialization
    protected long doLong(long left, long right) {
        try {
            return Math.subtractExact(left, right);
        } catch (ArithmeticException e) {
            throw OperandErrors.overflow(this, "-");
        }
    }

    @Specialization
    protected double doDouble(double left, double right) {
        return left - right;
    }

    @Fallback
    protected Object typeError(Object left, Object right) {
        throw OperandErrors.badOperands(this, "-", left, right);
    }
}
