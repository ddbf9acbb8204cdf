package dev.reprise.tide.nodes.actors;

import com.oracle.truffle.api.nodes.Node;
import dev.reprise.tide.runtime.Resolver;

/**
 * Resolves the result promise of a message (a send's or a callback's result). Only the actor that
 * processes the message resolves it, so this is deterministic and not recorded; the racy
 * {@code resolve} builtin goes through the trace mode instead.
 */
public final class ResolvePromiseNode extends Node {
    /** Resolves on behalf of the running actor; false if the promise was already resolved. */
    public boolean execute(Resolver resolver, Object value) {
        return resolver.resolve(value, CurrentActor.of(this));
    }
}
