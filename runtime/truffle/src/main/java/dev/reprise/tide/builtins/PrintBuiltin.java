package dev.reprise.tide.builtins;

import dev.reprise.tide.nodes.actors.CurrentActor;
import dev.reprise.tide.runtime.Actor;
import dev.reprise.tide.runtime.Values;
import dev.reprise.tide.trace.RecordSystemCallNode;

/**
 * {@code print(v)}: writes v and a newline to standard output; returns v. Actors on different
 * threads print in a racy order, so the line's place in the output is a system call: recorded,
 * and kept by the replay.
 */
final class PrintBuiltin extends Builtin {
    @Child private RecordSystemCallNode record = new RecordSystemCallNode();

    @Override
    public Object call(Object[] arguments) {
        Actor actor = CurrentActor.of(this);
        long number = actor.system().mode().print(actor, Values.str(arguments[0]));
        record.execute(actor, number);
        return arguments[0];
    }
}
