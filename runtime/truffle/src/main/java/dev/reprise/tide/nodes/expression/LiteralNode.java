package dev.reprise.tide.nodes.expression;

import com.oracle.truffle.api.frame.VirtualFrame;
import dev.reprise.tide.nodes.TideNode;

/** A constant: number, string, boolean or nil. */
public final class LiteralNode extends TideNode {
    private final Object value;

    /** A node evaluating to value. */
    public LiteralNode(Object value) {
        this.value = value;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return value;
    }
}
