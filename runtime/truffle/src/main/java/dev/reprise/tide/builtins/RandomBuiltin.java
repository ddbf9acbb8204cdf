package dev.reprise.tide.builtins;

import dev.reprise.tide.nodes.actors.CurrentActor;
import dev.reprise.tide.runtime.Actor;

/** {@code random(n)}: a uniformly distributed integer in [0, n) (a system call: recorded, and replayed from the trace). */
final class RandomBuiltin extends Builtin {
    @Override
    public Object call(Object[] arguments) {
        if (!(arguments[0] instanceof Long bound) || bound <= 0) {
            throw ArgumentErrors.expected(this, "random", "a positive integer", arguments[0]);
        }
        Actor actor = CurrentActor.of(this);
        return actor.system().mode().random(actor, bound);
    }
}
