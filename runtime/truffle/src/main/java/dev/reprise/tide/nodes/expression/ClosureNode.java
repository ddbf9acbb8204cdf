package dev.reprise.tide.nodes.expression;

import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.frame.VirtualFrame;
import dev.reprise.tide.nodes.TideNode;
import dev.reprise.tide.runtime.Closure;

/** {@code fn(x) { ... }} or a {@code def}: captures the current frame as the function's scope. */
public final class ClosureNode extends TideNode {
    private final RootCallTarget target;
    private final int arity;
    private final String name;

    /** A closure over the current frame for the given code. */
    public ClosureNode(RootCallTarget target, int arity, String name) {
        this.target = target;
        this.arity = arity;
        this.name = name;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return new Closure(target, frame.materialize(), arity, name);
    }
}
