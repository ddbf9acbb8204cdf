package dev.reprise.tide.nodes.controlflow;

import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.LoopNode;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.RepeatingNode;
import dev.reprise.tide.nodes.TideNode;
import dev.reprise.tide.runtime.Nil;

/** {@code while (c) { ... }}, as a Truffle loop so that long loops are compiled on stack (OSR). */
public final class WhileNode extends TideNode {
    @Child
    private LoopNode loop;

    /** A loop running body while condition is true. */
    public WhileNode(TideNode condition, TideNode body) {
        this.loop = Truffle.getRuntime().createLoopNode(new Repeating(condition, body));
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        loop.execute(frame);
        return Nil.INSTANCE;
    }

    private static final class Repeating extends Node implements RepeatingNode {
        @Child
        private TideNode condition;

        @Child
        private TideNode body;

        Repeating(TideNode condition, TideNode body) {
            this.condition = condition;
            this.body = body;
        }

        @Override
        public boolean executeRepeating(VirtualFrame frame) {
            if (!condition.executeCondition(frame)) {
                return false;
            }
            body.executeGeneric(frame);
            return true;
        }
    }
}
