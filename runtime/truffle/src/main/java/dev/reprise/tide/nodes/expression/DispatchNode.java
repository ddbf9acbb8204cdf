package dev.reprise.tide.nodes.expression;

import com.oracle.truffle.api.CallTarget;
import com.oracle.truffle.api.dsl.Cached;
import com.oracle.truffle.api.dsl.GenerateInline;
import com.oracle.truffle.api.dsl.Specialization;
import com.oracle.truffle.api.nodes.DirectCallNode;
import com.oracle.truffle.api.nodes.IndirectCallNode;
import com.oracle.truffle.api.nodes.Node;

/** Calls a call target: directly (so the callee can be inlined) at sites that see few targets. */
@GenerateInline(false)
public abstract class DispatchNode extends Node {
    /** Calls target with the full argument array (scope first). */
    public abstract Object executeDispatch(CallTarget target, Object[] arguments);

    @Specialization(guards = "target == cachedTarget", limit = "3")
    protected static Object doDirect(
            CallTarget target,
            Object[] arguments,
            @Cached("target") CallTarget cachedTarget,
            @Cached("create(cachedTarget)") DirectCallNode call) {
        return call.call(arguments);
    }

    @Specialization(replaces = "doDirect")
    protected static Object doIndirect(CallTarget target, Object[] arguments, @Cached IndirectCallNode call) {
        return call.call(target, arguments);
    }
}
