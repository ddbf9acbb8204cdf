package dev.reprise.tide.builtins;

import dev.reprise.tide.nodes.actors.CurrentActor;
import dev.reprise.tide.runtime.Actor;
import dev.reprise.tide.runtime.Nil;
import dev.reprise.tide.trace.RecordSystemCallNode;

/** {@code readLine()}: the next line of standard input, or nil at its end (a system call: recorded, and replayed from the trace). */
final class ReadLineBuiltin extends Builtin {
    @Child
    private RecordSystemCallNode record = new RecordSystemCallNode();

    @Override
    public Object call(Object[] arguments) {
        Actor actor = CurrentActor.of(this);
        String line = actor.system().mode().readLine(actor);
        record.execute(actor, line);
        return line == null ? Nil.INSTANCE : line;
    }
}
