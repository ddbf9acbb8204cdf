package dev.reprise.trace;

/** A chunk whose checksum is right but whose events do not decode: a writer bug, never silent. */
final class MalformedChunkException extends Exception {
    final int payloadOffset;

    MalformedChunkException(int payloadOffset, String message) {
        super(message);
        this.payloadOffset = payloadOffset;
    }
}
