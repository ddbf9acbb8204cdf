package dev.reprise.tide.nodes.actors;

import com.oracle.truffle.api.Assumption;
import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.RootNode;
import dev.reprise.runtime.ThreadRecorder;
import dev.reprise.tide.language.TideError;
import dev.reprise.tide.language.TideLanguage;
import dev.reprise.tide.nodes.expression.DispatchNode;
import dev.reprise.tide.nodes.expression.DispatchNodeGen;
import dev.reprise.tide.runtime.Actor;
import dev.reprise.tide.runtime.CallbackMessage;
import dev.reprise.tide.runtime.Closure;
import dev.reprise.tide.runtime.Message;
import dev.reprise.tide.runtime.Resolver;
import dev.reprise.tide.trace.RecordMessageNode;
import dev.reprise.tide.trace.RecordPromiseMessageNode;
import dev.reprise.tide.trace.RecordSystemCallNode;

/**
 * Processes one message (argument 0) on the running actor: runs its closure and resolves its
 * result promise. Every message of every kind is processed here, so this is where a recording
 * run records which message the actor processed (its sender; for a promise callback, also the
 * resolver), with self-specialising tracing nodes. While no context of the engine records, an
 * assumption removes the recording from compiled code altogether.
 */
public final class MessageRootNode extends RootNode {
    @Child
    private DispatchNode dispatch = DispatchNodeGen.create();

    @Child
    private ResolvePromiseNode resolve = new ResolvePromiseNode();

    @Child
    private RecordMessageNode recordMessage = RecordMessageNode.create();

    @Child
    private RecordPromiseMessageNode recordPromiseMessage = new RecordPromiseMessageNode();

    @Child
    private RecordSystemCallNode recordCallbackOffset = new RecordSystemCallNode();

    private final TideLanguage language;
    private final Assumption noRecording;

    /** The message processor of a language instance. */
    public MessageRootNode(TideLanguage language) {
        super(language);
        this.language = language;
        this.noRecording = language.noRecording();
    }

    @Override
    public Object execute(VirtualFrame frame) {
        Message message = (Message) frame.getArguments()[0];
        if (!noRecording.isValid()) {
            record(message);
        }
        Closure closure = message.closure();
        Object[] arguments = message.arguments();
        if (closure.arity() != arguments.length) {
            CompilerDirectives.transferToInterpreter();
            throw new TideError(
                    closure.name() + " takes " + closure.arity() + " arguments, got " + arguments.length, this);
        }
        Object result = dispatch.executeDispatch(closure.target(), closure.callArguments(arguments));
        Resolver resolver = message.result();
        if (resolver != null) {
            resolve.execute(resolver, result);
        }
        return result;
    }

    private void record(Message message) {
        ThreadRecorder recorder = language.turn().recorder();
        if (recorder == null) {
            return; // this context does not record, another of the engine does
        }
        if (message instanceof CallbackMessage callback) {
            // Callbacks with one sender and resolver are told apart by their registration: its
            // offset from the predicted one, before the message event when not zero.
            Actor owner = callback.target();
            long offset = owner.callbackRunsOffFromPrediction(callback);
            if (offset != 0) {
                recordCallbackOffset.executeCallbackOffset(owner, offset);
            }
            recordPromiseMessage.execute(recorder, owner.record(), callback.traceSender(), callback.traceResolver());
        } else {
            recordMessage.execute(recorder, message.target().record(), message.traceSender());
        }
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
