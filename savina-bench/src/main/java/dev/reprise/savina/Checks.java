package dev.reprise.savina;

/** Small helpers for strict result checks. Each throws {@link CheckFailedException}. */
public final class Checks {
    private Checks() {}

    /** Checks {@code actual == expected}. */
    public static void equal(String benchmark, String what, long expected, long actual) {
        if (expected != actual) {
            throw new CheckFailedException(benchmark, what, expected, actual);
        }
    }

    /** Checks that two doubles are bit-for-bit equal (no tolerance). */
    public static void exactly(String benchmark, String what, double expected, double actual) {
        if (Double.doubleToLongBits(expected) != Double.doubleToLongBits(actual)) {
            throw new CheckFailedException(benchmark, what, expected, actual);
        }
    }

    /** {@code Math.round(value * scale)}, the SOMns {@code (value * scale) round}. */
    public static long rounded(double value, double scale) {
        return Math.round(value * scale);
    }
}
