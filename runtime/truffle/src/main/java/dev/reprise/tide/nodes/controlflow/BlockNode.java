package dev.reprise.tide.nodes.controlflow;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import dev.reprise.tide.nodes.TideNode;
import dev.reprise.tide.runtime.Nil;

/** A sequence of statements. */
public final class BlockNode extends TideNode {
    @Children
    private final TideNode[] statements;

    /** A block running the statements in order. */
    public BlockNode(TideNode[] statements) {
        this.statements = statements;
    }

    @Override
    @ExplodeLoop
    public Object executeGeneric(VirtualFrame frame) {
        for (TideNode statement : statements) {
            statement.executeGeneric(frame);
        }
        return Nil.INSTANCE;
    }
}
