package dev.reprise.trace;

import java.nio.charset.StandardCharsets;

/** The two binary files of a trace, each with its own 8-byte magic. */
public enum FileKind {
    EVENTS("RPRS-EVT", "events file"),
    DATA("RPRS-DAT", "external-data file");

    final byte[] magic;
    final String description;

    FileKind(String magic, String description) {
        this.magic = magic.getBytes(StandardCharsets.US_ASCII);
        this.description = description;
    }
}
