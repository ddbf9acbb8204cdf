package dev.reprise.tide.nodes.actors;

import com.oracle.truffle.api.frame.VirtualFrame;
import dev.reprise.tide.nodes.TideNode;

/** {@code self}: the far reference to the running actor. */
public final class SelfNode extends TideNode {
    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return CurrentActor.of(this).ref();
    }
}
