package dev.reprise.tide.builtins;

import dev.reprise.tide.nodes.actors.CurrentActor;
import dev.reprise.tide.runtime.Actor;
import dev.reprise.tide.runtime.Values;
import dev.reprise.tide.trace.RecordSystemCallNode;

/**
 * {@code print(v)}: writes v and a newline to standard output; returns v. Actors on different
 * threads print in a racy order, so the line's place in the output is a system call: recorded with
 * the line's start, and kept by the replay, which checks that it prints the same line there.
 */
final class PrintBuiltin extends Builtin {
    @Child
    private RecordSystemCallNode record = new RecordSystemCallNode();

    @Override
    public Object call(Object[] arguments) {
        Actor actor = CurrentActor.of(this);
        String line = Values.str(arguments[0]);
        long number = actor.system().mode().print(actor, line);
        record.execute(actor, number, line);
        return arguments[0];
    }
}
