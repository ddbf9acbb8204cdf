package dev.reprise.tide.trace;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.nodes.Node;
import dev.reprise.runtime.ActorRecord;
import dev.reprise.runtime.ThreadRecorder;
import dev.reprise.trace.Fingerprint;

/**
 * Records that an actor processed a promise callback: registered by {@code sender} (the actor
 * itself), sent when {@code resolver} resolved the promise. Each id's width specialises by itself,
 * and so does whether the actor switched.
 */
public final class RecordPromiseMessageNode extends Node {
    @Child
    private IdWidthNode senderWidth = IdWidthNode.create();

    @Child
    private IdWidthNode resolverWidth = IdWidthNode.create();

    @Child
    private ActorSwitchNode actorSwitch = ActorSwitchNode.create();

    /** Appends the event to {@code recorder}'s buffer, as {@code actor}'s. */
    public void execute(ThreadRecorder recorder, ActorRecord actor, long sender, long resolver) {
        int ws = senderWidth.execute(sender);
        int wr = resolverWidth.execute(resolver);
        if (!recorder.tryPromiseMessage(actor, actorSwitch.execute(recorder, actor), sender, ws, resolver, wr)) {
            slowPath(recorder, actor, sender, resolver);
        }
    }

    @TruffleBoundary
    private static void slowPath(ThreadRecorder recorder, ActorRecord actor, long sender, long resolver) {
        recorder.promiseMessage(actor, sender, resolver, Fingerprint.NONE);
    }
}
