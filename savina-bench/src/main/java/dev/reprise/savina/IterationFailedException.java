package dev.reprise.savina;

/** An iteration did not produce a result: an actor failed, or it did not finish in time. */
public final class IterationFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception; the message should start with the benchmark name. */
    public IterationFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
