package dev.reprise.tide.nodes.expression;

import com.oracle.truffle.api.frame.VirtualFrame;
import dev.reprise.tide.nodes.TideNode;

/** {@code !c}. */
public final class NotNode extends TideNode {
    @Child
    private TideNode operand;

    /** The negation of a boolean operand. */
    public NotNode(TideNode operand) {
        this.operand = operand;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return !operand.executeCondition(frame);
    }
}
