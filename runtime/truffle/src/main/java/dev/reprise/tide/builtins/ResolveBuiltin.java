package dev.reprise.tide.builtins;

import dev.reprise.tide.nodes.actors.CurrentActor;
import dev.reprise.tide.runtime.Actor;
import dev.reprise.tide.runtime.Resolver;
import dev.reprise.tide.trace.RecordSystemCallNode;

/**
 * {@code resolve(r, v)}: resolves r's promise with v; false if it was already resolved. Actors
 * may race to resolve one promise, so whether this call won is a system call: recorded, and in
 * replay taken from the trace (only the recorded winner resolves).
 */
final class ResolveBuiltin extends Builtin {
    @Child
    private RecordSystemCallNode record = new RecordSystemCallNode();

    @Override
    public Object call(Object[] arguments) {
        if (!(arguments[0] instanceof Resolver resolver)) {
            throw ArgumentErrors.expected(this, "resolve", "a resolver", arguments[0]);
        }
        Actor actor = CurrentActor.of(this);
        boolean won = actor.system().mode().resolve(actor, resolver, arguments[1]);
        record.execute(actor, won);
        return won;
    }
}
