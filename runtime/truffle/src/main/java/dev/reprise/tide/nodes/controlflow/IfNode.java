package dev.reprise.tide.nodes.controlflow;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.profiles.CountingConditionProfile;
import dev.reprise.tide.nodes.TideNode;
import dev.reprise.tide.runtime.Nil;

/** {@code if (c) { ... } else { ... }}; the else part may be null. */
public final class IfNode extends TideNode {
    @Child
    private TideNode condition;

    @Child
    private TideNode thenPart;

    @Child
    private TideNode elsePart;
    // Branch probabilities let the compiler lay out the likely branch first.
    private final CountingConditionProfile profile = CountingConditionProfile.create();

    /** An if statement; elsePart may be null. */
    public IfNode(TideNode condition, TideNode thenPart, TideNode elsePart) {
        this.condition = condition;
        this.thenPart = thenPart;
        this.elsePart = elsePart;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        if (profile.profile(condition.executeCondition(frame))) {
            thenPart.executeGeneric(frame);
        } else if (elsePart != null) {
            elsePart.executeGeneric(frame);
        }
        return Nil.INSTANCE;
    }
}
