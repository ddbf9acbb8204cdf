package dev.reprise.tide.trace;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.dsl.Cached;
import com.oracle.truffle.api.dsl.Cached.Shared;
import com.oracle.truffle.api.dsl.Introspectable;
import com.oracle.truffle.api.dsl.Specialization;
import com.oracle.truffle.api.nodes.Node;
import dev.reprise.runtime.ActorRecord;
import dev.reprise.runtime.ThreadRecorder;
import dev.reprise.trace.EventBuffer;

/**
 * Records that an actor processed a message from {@code sender}. While one message root sees a
 * single sender (a ping-pong partner, a producer), the sender and its width are compilation
 * constants, and the buffer's same-sender run (REPEAT) compares against a constant; once a second
 * sender comes, the node generalises to any sender with a width that widens by itself
 * ({@link IdWidthNode}). Whether the actor switched specialises too ({@link ActorSwitchNode}). The
 * slow path (a full buffer, a flush) stays out of compiled code.
 */
@Introspectable
public abstract class RecordMessageNode extends Node {
    /** Appends the event to {@code recorder}'s buffer, as {@code actor}'s. */
    public abstract void execute(ThreadRecorder recorder, ActorRecord actor, long sender);

    @Specialization(guards = "sender == cachedSender", limit = "1")
    static void sameSender(
            ThreadRecorder recorder,
            ActorRecord actor,
            long sender,
            @Cached("sender") long cachedSender,
            @Cached("idWidth(cachedSender)") int width,
            @Shared @Cached ActorSwitchNode actorSwitch) {
        if (!recorder.tryMessage(actor, actorSwitch.execute(recorder, actor), cachedSender, width)) {
            slowPath(recorder, actor, cachedSender);
        }
    }

    @Specialization(replaces = "sameSender")
    static void anySender(
            ThreadRecorder recorder,
            ActorRecord actor,
            long sender,
            @Cached IdWidthNode widthOf,
            @Shared @Cached ActorSwitchNode actorSwitch) {
        int width = widthOf.execute(sender);
        if (!recorder.tryMessage(actor, actorSwitch.execute(recorder, actor), sender, width)) {
            slowPath(recorder, actor, sender);
        }
    }

    static int idWidth(long id) {
        return EventBuffer.idWidth(id);
    }

    @TruffleBoundary
    private static void slowPath(ThreadRecorder recorder, ActorRecord actor, long sender) {
        recorder.message(actor, sender);
    }

    /** A new node, for a single sender until it sees another. */
    public static RecordMessageNode create() {
        return RecordMessageNodeGen.create();
    }
}
