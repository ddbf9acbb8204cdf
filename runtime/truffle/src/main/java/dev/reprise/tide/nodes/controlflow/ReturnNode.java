package dev.reprise.tide.nodes.controlflow;

import com.oracle.truffle.api.frame.VirtualFrame;
import dev.reprise.tide.nodes.TideNode;

/** {@code return e;}. */
public final class ReturnNode extends TideNode {
    @Child
    private TideNode value;

    /** Returns the value of the expression. */
    public ReturnNode(TideNode value) {
        this.value = value;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        throw new ReturnException(value.executeGeneric(frame));
    }
}
