package dev.reprise.tide.nodes.local;

import com.oracle.truffle.api.frame.VirtualFrame;
import dev.reprise.tide.nodes.TideNode;

/** Assigns a variable (slot of the frame depth functions out); its value is the assigned value. */
public final class WriteLocalNode extends TideNode {
    private final int depth;
    private final int slot;

    @Child
    private TideNode value;

    /** An assignment of value to the given variable. */
    public WriteLocalNode(int depth, int slot, TideNode value) {
        this.depth = depth;
        this.slot = slot;
        this.value = value;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        Object result = value.executeGeneric(frame);
        ScopeWalk.frameAt(frame, depth).setObject(slot, result);
        return result;
    }
}
