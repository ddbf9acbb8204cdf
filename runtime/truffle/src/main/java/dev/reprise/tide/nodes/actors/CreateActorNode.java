package dev.reprise.tide.nodes.actors;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import dev.reprise.tide.nodes.TideNode;
import dev.reprise.tide.runtime.Actor;
import dev.reprise.tide.runtime.ActorDecl;
import dev.reprise.tide.runtime.Values;

/**
 * {@code new Name(args)}: creates an actor and returns its far reference. Every actor creation
 * goes through this node (the main actor's aside), so a creation tracer belongs here.
 */
public final class CreateActorNode extends TideNode {
    private final ActorDecl decl;
    @Children private final TideNode[] arguments;

    /** A creation of decl's actor with the argument expressions' values. */
    public CreateActorNode(ActorDecl decl, TideNode[] arguments) {
        this.decl = decl;
        this.arguments = arguments;
    }

    @Override
    @ExplodeLoop
    public Object executeGeneric(VirtualFrame frame) {
        Object[] values = new Object[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            values[i] = Values.passable(arguments[i].executeGeneric(frame));
        }
        Actor creator = CurrentActor.of(this);
        return creator.system().createActor(decl, creator, values).ref();
    }
}
