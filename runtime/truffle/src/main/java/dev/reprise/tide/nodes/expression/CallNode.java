package dev.reprise.tide.nodes.expression;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import dev.reprise.tide.language.TideError;
import dev.reprise.tide.nodes.TideNode;
import dev.reprise.tide.runtime.Closure;
import dev.reprise.tide.runtime.Values;

/** {@code f(a, b)}: a synchronous call of a closure of the current actor. */
public final class CallNode extends TideNode {
    @Child
    private TideNode function;

    @Children
    private final TideNode[] arguments;

    @Child
    private DispatchNode dispatch = DispatchNodeGen.create();

    /** A call of the function expression's value with the argument expressions' values. */
    public CallNode(TideNode function, TideNode[] arguments) {
        this.function = function;
        this.arguments = arguments;
    }

    @Override
    @ExplodeLoop
    public Object executeGeneric(VirtualFrame frame) {
        Object callee = function.executeGeneric(frame);
        if (!(callee instanceof Closure closure) || closure.arity() != arguments.length) {
            CompilerDirectives.transferToInterpreter();
            throw new TideError(
                    "cannot call " + Values.typeName(callee) + " with " + arguments.length + " arguments", this);
        }
        Object[] values = new Object[arguments.length + 1];
        values[0] = closure.scope();
        for (int i = 0; i < arguments.length; i++) {
            values[i + 1] = arguments[i].executeGeneric(frame);
        }
        return dispatch.executeDispatch(closure.target(), values);
    }
}
