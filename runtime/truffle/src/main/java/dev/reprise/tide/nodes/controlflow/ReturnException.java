package dev.reprise.tide.nodes.controlflow;

import com.oracle.truffle.api.nodes.ControlFlowException;

/** Unwinds to the function's root node with the returned value. */
public final class ReturnException extends ControlFlowException {
    private static final long serialVersionUID = 1L;
    private final transient Object value;

    ReturnException(Object value) {
        this.value = value;
    }

    /** The returned value. */
    public Object value() {
        return value;
    }
}
