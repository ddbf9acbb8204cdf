package dev.reprise.tide.builtins;

import dev.reprise.tide.nodes.actors.CurrentActor;
import dev.reprise.tide.runtime.Actor;
import dev.reprise.tide.trace.RecordSystemCallNode;

/** {@code random(n)}: a uniformly distributed integer in [0, n) (a system call: recorded, and replayed from the trace). */
final class RandomBuiltin extends Builtin {
    @Child
    private RecordSystemCallNode record = new RecordSystemCallNode();

    @Override
    public Object call(Object[] arguments) {
        if (!(arguments[0] instanceof Long bound) || bound <= 0) {
            throw ArgumentErrors.expected(this, "random", "a positive integer", arguments[0]);
        }
        Actor actor = CurrentActor.of(this);
        long value = actor.system().mode().random(actor, bound);
        record.execute(actor, value);
        return value;
    }
}
