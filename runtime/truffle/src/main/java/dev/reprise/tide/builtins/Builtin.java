package dev.reprise.tide.builtins;

import com.oracle.truffle.api.nodes.Node;

/** A function provided by the language, called with already evaluated arguments. */
public abstract class Builtin extends Node {
    /** Runs the builtin; the parser has checked the argument count. */
    public abstract Object call(Object[] arguments);
}
