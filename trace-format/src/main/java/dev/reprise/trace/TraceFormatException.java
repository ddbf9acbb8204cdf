package dev.reprise.trace;

import java.io.IOException;

/** A trace file that cannot be read at all: wrong magic, unknown version, unreadable header. */
public final class TraceFormatException extends IOException {
    public TraceFormatException(String message) {
        super(message);
    }
}
