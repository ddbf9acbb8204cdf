package dev.reprise.tide.builtins;

import dev.reprise.tide.nodes.actors.CurrentActor;
import dev.reprise.tide.runtime.Actor;

/** {@code time()}: milliseconds since the epoch (a system call: recorded, and replayed from the trace). */
final class TimeBuiltin extends Builtin {
    @Override
    public Object call(Object[] arguments) {
        Actor actor = CurrentActor.of(this);
        return actor.system().mode().time(actor);
    }
}
