package dev.reprise.tide.builtins;

import dev.reprise.tide.nodes.actors.CurrentActor;
import dev.reprise.tide.runtime.Actor;
import dev.reprise.tide.trace.RecordSystemCallNode;

/** {@code time()}: milliseconds since the epoch (a system call: recorded, and replayed from the trace). */
final class TimeBuiltin extends Builtin {
    @Child
    private RecordSystemCallNode record = new RecordSystemCallNode();

    @Override
    public Object call(Object[] arguments) {
        Actor actor = CurrentActor.of(this);
        long now = actor.system().mode().time(actor);
        record.execute(actor, now);
        return now;
    }
}
