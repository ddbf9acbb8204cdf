package dev.reprise.tide.nodes;

import com.oracle.truffle.api.dsl.TypeSystemReference;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.NodeInfo;
import com.oracle.truffle.api.nodes.RootNode;
import com.oracle.truffle.api.nodes.UnexpectedResultException;
import com.oracle.truffle.api.source.SourceSection;
import dev.reprise.tide.language.TideError;
import dev.reprise.tide.runtime.Values;

/** A Tide AST node. Statements are expressions whose value is nil. */
@TypeSystemReference(TideTypes.class)
@NodeInfo(language = "Tide")
public abstract class TideNode extends Node {
    // Character range in the root's source, or -1: errors report where they happened.
    private int sourceStart = -1;
    private int sourceLength;

    /** Evaluates the node to any Tide value. */
    public abstract Object executeGeneric(VirtualFrame frame);

    /** Evaluates the node, expecting an integer. */
    public long executeLong(VirtualFrame frame) throws UnexpectedResultException {
        return TideTypesGen.expectLong(executeGeneric(frame));
    }

    /** Evaluates the node, expecting a float. */
    public double executeDouble(VirtualFrame frame) throws UnexpectedResultException {
        return TideTypesGen.expectDouble(executeGeneric(frame));
    }

    /** Records the node's character range in its function's source. */
    public final void setSourceRange(int start, int length) {
        this.sourceStart = start;
        this.sourceLength = length;
    }

    /** Whether the parser has recorded the node's range. */
    public final boolean hasSourceRange() {
        return sourceStart >= 0;
    }

    @Override
    public SourceSection getSourceSection() {
        RootNode root = getRootNode();
        if (sourceStart < 0 || root == null || root.getSourceSection() == null) {
            return null;
        }
        return root.getSourceSection().getSource().createSection(sourceStart, sourceLength);
    }

    /** Evaluates a condition; anything but a boolean is an error. */
    public boolean executeCondition(VirtualFrame frame) {
        Object value = executeGeneric(frame);
        if (value instanceof Boolean b) {
            return b;
        }
        throw new TideError("expected a boolean, got " + Values.typeName(value), this);
    }
}
