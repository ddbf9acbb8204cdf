package dev.reprise.tide.nodes.actors;

import com.oracle.truffle.api.Assumption;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import dev.reprise.runtime.ThreadRecorder;
import dev.reprise.tide.language.TideLanguage;
import dev.reprise.tide.nodes.TideNode;
import dev.reprise.tide.runtime.Actor;
import dev.reprise.tide.runtime.ActorDecl;
import dev.reprise.tide.runtime.Values;
import dev.reprise.tide.trace.RecordCreationNode;

/**
 * {@code new Name(args)}: creates an actor and returns its far reference. Every actor creation
 * goes through this node (the main actor's aside), so a recording run records creations here.
 */
public final class CreateActorNode extends TideNode {
    private final ActorDecl decl;

    @Children
    private final TideNode[] arguments;

    @Child
    private RecordCreationNode recordCreation = new RecordCreationNode();

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
        TideLanguage language = TideLanguage.get(this);
        Actor creator = language.turn().actor();
        Actor child = creator.system().createActor(decl, creator, values);
        Assumption noRecording = language.noRecording();
        if (!noRecording.isValid()) {
            ThreadRecorder recorder = language.turn().recorder();
            if (recorder != null) {
                recordCreation.execute(recorder, creator.record(), child.id());
            }
        }
        return child.ref();
    }
}
