package dev.reprise.tide.nodes.expression;

import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.NodeChild;
import com.oracle.truffle.api.dsl.Specialization;
import dev.reprise.tide.language.TideError;
import dev.reprise.tide.nodes.TideNode;

/** Unary {@code -}. */
@NodeChild("operand")
public abstract class NegateNode extends TideNode {
    @Specialization
    protected long doLong(long operand) {
        try {
            return Math.negateExact(operand);
        } catch (ArithmeticException e) {
            throw OperandErrors.overflow(this, "-");
        }
    }

    @Specialization
    protected double doDouble(double operand) {
        return -operand;
    }

    @Fallback
    protected Object typeError(Object operand) {
        throw new TideError("cannot negate a non-number", this);
    }
}
