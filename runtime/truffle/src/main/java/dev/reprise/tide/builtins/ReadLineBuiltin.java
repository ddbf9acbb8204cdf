package dev.reprise.tide.builtins;

import dev.reprise.tide.nodes.actors.CurrentActor;
import dev.reprise.tide.runtime.Actor;
import dev.reprise.tide.runtime.Nil;

/** {@code readLine()}: the next line of standard input, or nil at its end (a system call: recorded, and replayed from the trace). */
final class ReadLineBuiltin extends Builtin {
    @Override
    public Object call(Object[] arguments) {
        Actor actor = CurrentActor.of(this);
        String line = actor.system().mode().readLine(actor);
        return line == null ? Nil.INSTANCE : line;
    }
}
