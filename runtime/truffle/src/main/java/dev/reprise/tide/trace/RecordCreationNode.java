package dev.reprise.tide.trace;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.nodes.Node;
import dev.reprise.runtime.ActorRecord;
import dev.reprise.runtime.ThreadRecorder;
import dev.reprise.trace.CreationKind;

/** Records that an actor created the actor {@code child}, with the child id's width and the actor switch specialised. */
public final class RecordCreationNode extends Node {
    @Child
    private IdWidthNode childWidth = IdWidthNode.create();

    @Child
    private ActorSwitchNode actorSwitch = ActorSwitchNode.create();

    /** Appends the event to {@code recorder}'s buffer, as {@code creator}'s. */
    public void execute(ThreadRecorder recorder, ActorRecord creator, long child) {
        int width = childWidth.execute(child);
        if (!recorder.tryCreation(creator, actorSwitch.execute(recorder, creator), child, CreationKind.ACTOR, width)) {
            slowPath(recorder, creator, child);
        }
    }

    @TruffleBoundary
    private static void slowPath(ThreadRecorder recorder, ActorRecord creator, long child) {
        recorder.creation(creator, child, CreationKind.ACTOR);
    }
}
