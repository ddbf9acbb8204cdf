package dev.reprise.tide.nodes.expression;

import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.Specialization;
import dev.reprise.tide.nodes.BinaryNode;
import dev.reprise.tide.runtime.Values;

/** {@code ==} and {@code !=}: by value for numbers, booleans and strings, by identity otherwise. */
public abstract class EqualNode extends BinaryNode {
    private final boolean negated;

    protected EqualNode(boolean negated) {
        this.negated = negated;
    }

    @Specialization
    protected boolean doLong(long left, long right) {
        return (left == right) != negated;
    }

    @Specialization
    protected boolean doDouble(double left, double right) {
        return (left == right) != negated;
    }

    @Specialization
    protected boolean doBoolean(boolean left, boolean right) {
        return (left == right) != negated;
    }

    @Fallback
    protected boolean doObject(Object left, Object right) {
        return Values.equal(left, right) != negated;
    }
}
