package dev.reprise.tide.language;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.exception.AbstractTruffleException;
import com.oracle.truffle.api.nodes.Node;

/** A Tide program error (parse or run time); the polyglot API reports it as a guest exception. */
public final class TideError extends AbstractTruffleException {
    private static final long serialVersionUID = 1L;

    /** An error raised at the given node, which may be null when no node is at hand. */
    @TruffleBoundary
    public TideError(String message, Node location) {
        super(message, location);
    }

    /** An error with no source location. */
    public TideError(String message) {
        this(message, null);
    }
}
