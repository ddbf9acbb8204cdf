package dev.reprise.tide.runtime;

import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.frame.MaterializedFrame;

/**
 * A function value: code plus the frame it was created in. Calls pass {@link #scope()} as
 * argument 0, so the body reads enclosing variables through it.
 *
 * @param target the function's code
 * @param scope  the enclosing frame, or null for actor bodies, which see no enclosing variables
 * @param arity  the number of parameters
 * @param name   for messages and printing
 */
public record Closure(RootCallTarget target, MaterializedFrame scope, int arity, String name) {
    /** The call arguments for this closure: the scope, then the given arguments. */
    public Object[] callArguments(Object[] arguments) {
        Object[] all = new Object[arguments.length + 1];
        all[0] = scope;
        System.arraycopy(arguments, 0, all, 1, arguments.length);
        return all;
    }

    @Override
    public String toString() {
        return "<fn " + name + ">";
    }
}
