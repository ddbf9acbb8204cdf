package dev.reprise.tide.nodes.actors;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.RootNode;
import dev.reprise.tide.language.TideError;
import dev.reprise.tide.language.TideLanguage;
import dev.reprise.tide.nodes.expression.DispatchNode;
import dev.reprise.tide.nodes.expression.DispatchNodeGen;
import dev.reprise.tide.runtime.Closure;
import dev.reprise.tide.runtime.Message;
import dev.reprise.tide.runtime.Resolver;

/**
 * Processes one message (argument 0) on the running actor: runs its closure and resolves its
 * result promise. Every message of every kind is processed here, so a message tracer (sender,
 * kind, resolver) belongs in this node.
 */
public final class MessageRootNode extends RootNode {
    @Child private DispatchNode dispatch = DispatchNodeGen.create();
    @Child private ResolvePromiseNode resolve = new ResolvePromiseNode();

    /** The message processor of a language instance. */
    public MessageRootNode(TideLanguage language) {
        super(language);
    }

    @Override
    public Object execute(VirtualFrame frame) {
        Message message = (Message) frame.getArguments()[0];
        Closure closure = message.closure();
        Object[] arguments = message.arguments();
        if (closure.arity() != arguments.length) {
            CompilerDirectives.transferToInterpreter();
            throw new TideError(closure.name() + " takes " + closure.arity() + " arguments, got " + arguments.length, this);
        }
        Object result = dispatch.executeDispatch(closure.target(), closure.callArguments(arguments));
        Resolver resolver = message.result();
        if (resolver != null) {
            resolve.execute(resolver, result);
        }
        return result;
    }

    @Override
    public String getName() {
        return "message";
    }

    // Compilation traces name root nodes by toString.
    @Override
    public String toString() {
        return getName();
    }
}
