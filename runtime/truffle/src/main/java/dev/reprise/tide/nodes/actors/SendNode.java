package dev.reprise.tide.nodes.actors;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import dev.reprise.tide.language.TideError;
import dev.reprise.tide.nodes.TideNode;
import dev.reprise.tide.runtime.Actor;
import dev.reprise.tide.runtime.DirectMessage;
import dev.reprise.tide.runtime.FarRef;
import dev.reprise.tide.runtime.Resolver;
import dev.reprise.tide.runtime.Values;

/** {@code ref <- name(args)}: an asynchronous send; its value is the promise of the result. */
public final class SendNode extends TideNode {
    @Child
    private TideNode receiver;

    @Children
    private final TideNode[] arguments;

    private final String selector;

    /** A send of selector to the receiver expression's actor. */
    public SendNode(TideNode receiver, String selector, TideNode[] arguments) {
        this.receiver = receiver;
        this.selector = selector;
        this.arguments = arguments;
    }

    @Override
    @ExplodeLoop
    public Object executeGeneric(VirtualFrame frame) {
        Object target = receiver.executeGeneric(frame);
        if (!(target instanceof FarRef ref)) {
            CompilerDirectives.transferToInterpreter();
            throw new TideError("cannot send " + selector + " to " + Values.typeName(target), this);
        }
        Object[] values = new Object[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            values[i] = Values.passable(arguments[i].executeGeneric(frame));
        }
        Actor sender = CurrentActor.of(this);
        Resolver result = Resolver.forResultOf(ref.actor());
        sender.system().send(new DirectMessage(ref.actor(), sender, selector, values, result));
        return result.promise();
    }
}
