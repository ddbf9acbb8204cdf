package dev.reprise.tide.trace;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.nodes.Node;
import dev.reprise.runtime.ActorRecord;
import dev.reprise.runtime.ThreadRecorder;
import dev.reprise.trace.CreationKind;

/**
 * Records that an actor created {@code child}, an actor or a timer, with the child id's width
 * and the actor switch specialised.
 */
public final class RecordCreationNode extends Node {
    private final CreationKind kind;

    @Child
    private IdWidthNode childWidth = IdWidthNode.create();

    @Child
    private ActorSwitchNode actorSwitch = ActorSwitchNode.create();

    /** A node that records creations of actors. */
    public RecordCreationNode() {
        this(CreationKind.ACTOR);
    }

    /** A node that records creations of {@code kind} (an actor, or a timer). */
    public RecordCreationNode(CreationKind kind) {
        this.kind = kind;
    }

    /** Appends the event to {@code recorder}'s buffer, as {@code creator}'s. */
    public void execute(ThreadRecorder recorder, ActorRecord creator, long child) {
        int width = childWidth.execute(child);
        if (!recorder.tryCreation(creator, actorSwitch.execute(recorder, creator), child, kind, width)) {
            slowPath(recorder, creator, child, kind);
        }
    }

    @TruffleBoundary
    private static void slowPath(ThreadRecorder recorder, ActorRecord creator, long child, CreationKind kind) {
        recorder.creation(creator, child, kind);
    }
}
