package dev.reprise.tide.builtins;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import dev.reprise.runtime.ThreadRecorder;
import dev.reprise.tide.language.TideError;
import dev.reprise.tide.language.TideLanguage;
import dev.reprise.tide.runtime.Actor;
import dev.reprise.tide.runtime.ActorSystem;
import dev.reprise.tide.runtime.Values;
import dev.reprise.tide.trace.RecordCreationNode;
import dev.reprise.trace.CreationKind;

/**
 * {@code after(ms)}: a promise resolved with nil once {@code ms} milliseconds have passed. The
 * timer is nondeterministic input: it has an id of its own, its setting is recorded as a creation
 * (of a timer) by the actor that set it, and the callbacks its firing sends are promise messages
 * it resolved, which a replay takes in their recorded order.
 */
final class AfterBuiltin extends Builtin {
    @Child
    private RecordCreationNode recordCreation = new RecordCreationNode(CreationKind.TIMER);

    @Override
    public Object call(Object[] arguments) {
        if (!(arguments[0] instanceof Long millis) || millis < 0) {
            throw badDelay(arguments[0]);
        }
        TideLanguage language = TideLanguage.get(this);
        Actor owner = language.turn().actor();
        ActorSystem.Timer timer = owner.system().setTimer(owner, millis);
        if (!language.noRecording().isValid()) {
            ThreadRecorder recorder = language.turn().recorder();
            if (recorder != null) {
                recordCreation.execute(recorder, owner.record(), timer.id());
            }
        }
        return timer.promise();
    }

    @TruffleBoundary
    private TideError badDelay(Object given) {
        String what = given instanceof Long ? String.valueOf(given) : Values.typeName(given);
        return new TideError("after expects a number of milliseconds, an integer of 0 or more, got " + what, this);
    }
}
