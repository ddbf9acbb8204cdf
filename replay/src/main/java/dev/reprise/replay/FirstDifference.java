package dev.reprise.replay;

import dev.reprise.trace.ClassCodes;
import dev.reprise.trace.Fingerprint;

/** How a replay says where the program first did something else than its recording (a {@link Fingerprint} mismatch). */
public final class FirstDifference {
    private FirstDifference() {}

    /** Its {@code n}-th event, {@code event} (as a report says it), processed a message of another class than recorded. */
    public static String messageClass(String event, long n, int recordedCode, Object message) {
        return "its event " + n + " (" + event + ") is a message of another class than when recorded: "
                + "this replay has a " + className(message) + " (class fingerprint " + ClassCodes.of(message)
                + "), the recording had a class with fingerprint " + recordedCode
                + ". The program sends another kind of message here than it did.";
    }

    /** Its {@code n}-th event, a creation, created an actor of another class than recorded. */
    static String creationClass(String event, long n, int recordedCode, Class<?> created) {
        return "its event " + n + " (" + event + ") created an actor of another class than when recorded: "
                + "this replay creates a " + (created == null ? "?" : created.getName()) + " (class fingerprint "
                + ClassCodes.ofClass(created) + "), the recording a class with fingerprint " + recordedCode + '.';
    }

    /** The turn of its {@code n}-th event sent {@code sends} messages, not the {@code recorded} ones. */
    static String sends(String event, long n, int recorded, int sends) {
        return "the turn of its event " + n + " (" + event + ") sent " + sends + " messages; when recorded it sent "
                + recorded + ". The program sends more or fewer messages here than it did.";
    }

    /** The turn of its {@code n}-th event sent {@code sends} messages, not as many as its fingerprint says. */
    static String sendsModulo(String event, long n, byte recorded, int sends) {
        return "the turn of its event " + n + " (" + event + ") sent " + sends + " messages, "
                + Integer.remainderUnsigned(sends, 7) + " modulo 7; when recorded, the count was "
                + Fingerprint.describeSends(recorded) + ". The program sends more or fewer messages here than it did.";
    }

    private static String className(Object message) {
        return message == null ? "null" : message.getClass().getName();
    }
}
