package dev.reprise.tide.nodes.actors;

import com.oracle.truffle.api.nodes.Node;
import dev.reprise.tide.runtime.Resolver;

/**
 * Resolves a promise: every resolution in the language (send results, callback results and the
 * {@code resolve} builtin) goes through this node, so a promise-resolution tracer belongs here.
 */
public final class ResolvePromiseNode extends Node {
    /** Resolves on behalf of the running actor; false if the promise was already resolved. */
    public boolean execute(Resolver resolver, Object value) {
        return resolver.resolve(value, CurrentActor.of(this));
    }
}
