package dev.reprise.tide.language;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.exception.AbstractTruffleException;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.source.SourceSection;

/** A Tide program error (parse or run time); the polyglot API reports it as a guest exception. */
public final class TideError extends AbstractTruffleException {
    private static final long serialVersionUID = 1L;
    /** The exit status of a program that an error ended: the launcher's, and what a trace records. */
    public static final int EXIT_STATUS = 1;

    /** An error raised at the given node, which may be null when no node is at hand. */
    @TruffleBoundary
    public TideError(String message, Node location) {
        super(message, location);
    }

    /** An error with no source location. */
    public TideError(String message) {
        this(message, null);
    }

    /**
     * What a turn of {@code actor} (as in "actor 2 (Log)") raised, as the error that ends the run:
     * its message names the actor, its location stays. A Java stack overflow (a deep recursion)
     * and an internal failure become errors too.
     */
    @TruffleBoundary
    public static TideError inTurnOf(String actor, Throwable raised) {
        String in = "in " + actor + ": ";
        if (raised instanceof TideError error) {
            return new TideError(in + error.getMessage(), error.getLocation());
        }
        if (raised instanceof StackOverflowError) {
            return new TideError(in + "the stack overflowed (a recursion too deep)");
        }
        return new TideError(in + "actor failed: " + raised);
    }

    /**
     * The message after its line and column, {@code "3:5: message"} (the message alone when it has
     * no location); without the file's name, so that a moved copy of the program says the same.
     */
    @TruffleBoundary
    public String atLineAndColumn() {
        Node location = getLocation();
        SourceSection at = location == null ? null : location.getEncapsulatingSourceSection();
        return at == null || !at.isAvailable()
                ? getMessage()
                : at.getStartLine() + ":" + at.getStartColumn() + ": " + getMessage();
    }
}
