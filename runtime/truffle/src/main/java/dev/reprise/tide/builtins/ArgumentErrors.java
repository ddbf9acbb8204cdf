package dev.reprise.tide.builtins;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.nodes.Node;
import dev.reprise.tide.language.TideError;
import dev.reprise.tide.runtime.Values;

/** The error of a builtin given an argument of the wrong type. */
final class ArgumentErrors {
    private ArgumentErrors() {}

    @TruffleBoundary
    static TideError expected(Node at, String builtin, String expected, Object actual) {
        return new TideError(builtin + " expects " + expected + ", got " + Values.typeName(actual), at);
    }
}
