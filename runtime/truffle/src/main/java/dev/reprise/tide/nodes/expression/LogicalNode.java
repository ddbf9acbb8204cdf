package dev.reprise.tide.nodes.expression;

import com.oracle.truffle.api.frame.VirtualFrame;
import dev.reprise.tide.nodes.TideNode;

/** {@code &&} and {@code ||}: the right operand is evaluated only when it decides the result. */
public final class LogicalNode extends TideNode {
    @Child
    private TideNode left;

    @Child
    private TideNode right;

    private final boolean isAnd;

    /** {@code left && right} if isAnd, else {@code left || right}. */
    public LogicalNode(TideNode left, TideNode right, boolean isAnd) {
        this.left = left;
        this.right = right;
        this.isAnd = isAnd;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        boolean first = left.executeCondition(frame);
        if (first != isAnd) {
            return first;
        }
        return right.executeCondition(frame);
    }
}
