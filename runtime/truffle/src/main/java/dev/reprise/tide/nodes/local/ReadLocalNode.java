package dev.reprise.tide.nodes.local;

import com.oracle.truffle.api.frame.VirtualFrame;
import dev.reprise.tide.nodes.TideNode;

/** Reads a variable: slot of the frame depth functions out (0 = this function). */
public final class ReadLocalNode extends TideNode {
    private final int depth;
    private final int slot;

    /** A read of the given variable. */
    public ReadLocalNode(int depth, int slot) {
        this.depth = depth;
        this.slot = slot;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return ScopeWalk.frameAt(frame, depth).getObject(slot);
    }
}
