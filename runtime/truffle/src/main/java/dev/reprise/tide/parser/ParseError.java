package dev.reprise.tide.parser;

import dev.reprise.tide.language.TideError;

/** Builds the error for malformed source, located as {@code name:line:column}. */
final class ParseError {
    private ParseError() {}

    static TideError at(String sourceName, int line, int column, String message) {
        return new TideError(sourceName + ":" + line + ":" + column + ": " + message);
    }
}
