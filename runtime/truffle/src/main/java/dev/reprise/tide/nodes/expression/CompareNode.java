package dev.reprise.tide.nodes.expression;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.Specialization;
import dev.reprise.tide.nodes.BinaryNode;

/** {@code < <= > >=} on numbers, or on strings (lexicographically). */
public abstract class CompareNode extends BinaryNode {
    /** Which comparison. */
    public enum Op {
        LT("<"),
        LE("<="),
        GT(">"),
        GE(">=");

        private final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }
    }

    // A node constant: each switch below folds to one comparison when compiled.
    private final Op op;

    protected CompareNode(Op op) {
        this.op = op;
    }

    @Specialization
    protected boolean doLong(long left, long right) {
        return holds(Long.compare(left, right));
    }

    @Specialization
    protected boolean doDouble(double left, double right) {
        return switch (op) {
            case LT -> left < right;
            case LE -> left <= right;
            case GT -> left > right;
            case GE -> left >= right;
        };
    }

    @Specialization
    @TruffleBoundary
    protected boolean doString(String left, String right) {
        return holds(left.compareTo(right));
    }

    @Fallback
    protected Object typeError(Object left, Object right) {
        throw OperandErrors.badOperands(this, op.symbol, left, right);
    }

    private boolean holds(int comparison) {
        return switch (op) {
            case LT -> comparison < 0;
            case LE -> comparison <= 0;
            case GT -> comparison > 0;
            case GE -> comparison >= 0;
        };
    }
}
