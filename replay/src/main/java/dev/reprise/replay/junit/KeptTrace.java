package dev.reprise.replay.junit;

/** Beside a test's failure: where the failing run's trace is kept, or which trace a replay followed. */
final class KeptTrace extends RuntimeException {
    KeptTrace(String message) {
        super(message, null, false, false);
    }
}
