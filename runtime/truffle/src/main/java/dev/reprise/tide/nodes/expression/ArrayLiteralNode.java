package dev.reprise.tide.nodes.expression;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import dev.reprise.tide.nodes.TideNode;
import dev.reprise.tide.runtime.TideArray;

/** {@code [a, b, c]}: a new array of the elements' values. */
public final class ArrayLiteralNode extends TideNode {
    @Children
    private final TideNode[] elements;

    /** An array literal with the given element expressions. */
    public ArrayLiteralNode(TideNode[] elements) {
        this.elements = elements;
    }

    @Override
    @ExplodeLoop
    public Object executeGeneric(VirtualFrame frame) {
        Object[] values = new Object[elements.length];
        for (int i = 0; i < elements.length; i++) {
            values[i] = elements[i].executeGeneric(frame);
        }
        return new TideArray(values);
    }
}
