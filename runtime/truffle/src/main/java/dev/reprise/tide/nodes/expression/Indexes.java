package dev.reprise.tide.nodes.expression;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.nodes.Node;
import dev.reprise.tide.language.TideError;

/** Bounds checks for indexing. */
final class Indexes {
    private Indexes() {}

    static int check(Node at, long index, int length) {
        if (index < 0 || index >= length) {
            CompilerDirectives.transferToInterpreter();
            throw new TideError("index " + index + " out of bounds for length " + length, at);
        }
        return (int) index;
    }
}
