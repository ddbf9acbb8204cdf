package dev.reprise.tide.builtins;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import dev.reprise.tide.nodes.TideNode;

/**
 * A call of a builtin. The nondeterministic ones ({@code time}, {@code random}, {@code readLine},
 * {@code resolve}) are system calls, which the run's trace mode records or replays.
 */
public final class BuiltinCallNode extends TideNode {
    @Children
    private final TideNode[] arguments;

    @Child
    private Builtin builtin;

    /** A call of builtin with the argument expressions' values. */
    public BuiltinCallNode(Builtin builtin, TideNode[] arguments) {
        this.builtin = builtin;
        this.arguments = arguments;
    }

    @Override
    @ExplodeLoop
    public Object executeGeneric(VirtualFrame frame) {
        Object[] values = new Object[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            values[i] = arguments[i].executeGeneric(frame);
        }
        return builtin.call(values);
    }
}
