package dev.reprise.tide.trace;

import com.oracle.truffle.api.dsl.Introspectable;
import com.oracle.truffle.api.dsl.Specialization;
import com.oracle.truffle.api.nodes.Node;
import dev.reprise.runtime.ActorRecord;
import dev.reprise.runtime.ThreadRecorder;

/**
 * Whether an actor's event starts a subtrace on the recording thread (an actor switch: another
 * actor's events were the last there), as a self-specialising node. A tracing site that has only
 * ever seen one answer has only that answer in its compiled code, and the append it guards folds
 * to that case: creations and system calls follow their turn's message in the same subtrace, so
 * their sites stay {@code sameActor} and compile without any subtrace code; a message site that
 * has seen only switches (a ping-pong on one worker) writes the subtrace start and the message in
 * one append. The other answer, met in compiled code, deoptimises once and the site keeps both.
 */
@Introspectable
public abstract class ActorSwitchNode extends Node {
    /** Whether {@code actor}'s next event on {@code recorder}'s thread starts a new subtrace there. */
    public abstract boolean execute(ThreadRecorder recorder, ActorRecord actor);

    @Specialization(guards = "recorder.continuesSubtrace(actor)")
    static boolean sameActor(ThreadRecorder recorder, ActorRecord actor) {
        return false;
    }

    @Specialization(guards = "!recorder.continuesSubtrace(actor)")
    static boolean switched(ThreadRecorder recorder, ActorRecord actor) {
        return true;
    }

    /** A new node, before it has seen either answer. */
    public static ActorSwitchNode create() {
        return ActorSwitchNodeGen.create();
    }
}
