package dev.reprise.savina;

/** A benchmark result did not pass its check. The message names benchmark, expected and actual. */
public final class CheckFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String benchmark;

    /** Creates the exception; {@code what} describes the checked quantity. */
    public CheckFailedException(String benchmark, String what, Object expected, Object actual) {
        this(benchmark, what + ": expected " + expected + ", actual " + actual);
    }

    /** Creates the exception with a free-form detail message. */
    public CheckFailedException(String benchmark, String detail) {
        super(benchmark + ": check failed: " + detail);
        this.benchmark = benchmark;
    }

    /** The name of the benchmark whose check failed. */
    public String benchmark() {
        return benchmark;
    }
}
