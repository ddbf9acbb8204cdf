package dev.reprise.trace;

/**
 * The one-byte fingerprint recorded beside each processed message and each creation, stable
 * across JVMs, so a replay notices at once when the program does something else than it did:
 *
 * <pre>
 * bits 3-7  class code, 1..31: the message's class (or the created actor's), hashed from its name
 * bits 0-2  for a message: how many messages the turn sent, modulo 7 (7: not recorded);
 *           for a creation: 7
 * </pre>
 *
 * The byte 0 means "no fingerprint" (recorded without, or lost with a turn cut short), and is
 * never checked. A class code matches a wrong class with a chance of 1 in 31, so a changed
 * program is caught at its first differing message nearly always, and within its next few for
 * sure; one send more or fewer in a turn is always caught.
 */
public final class Fingerprint {
    /** No fingerprint recorded. */
    public static final byte NONE = 0;

    private static final int SENDS_UNKNOWN = 7;
    private static final int SENDS_MODULUS = 7;

    private Fingerprint() {}

    /**
     * The class code of a class named {@code name} (1..31). Names of hidden classes (lambdas) are
     * cut before their JVM-specific suffix, so the code is the same in every JVM.
     */
    public static int classCode(String name) {
        int lambda = name.indexOf("$$Lambda");
        String stable = lambda >= 0 ? name.substring(0, lambda + 8) : name;
        int h = stable.hashCode() * 0x9E3779B9;
        int code = (h ^ (h >>> 15) ^ (h >>> 27)) & 31;
        return code == 0 ? 31 : code;
    }

    /**
     * The fingerprint of a processed message or created actor of class code {@code classCode} (a
     * message's turn's sends are added when it ends, {@link #withSends}).
     */
    public static byte ofClass(int classCode) {
        return (byte) (classCode << 3 | SENDS_UNKNOWN);
    }

    /** {@code fingerprint} with the number of messages its turn sent. */
    public static byte withSends(byte fingerprint, int sends) {
        return fingerprint == NONE
                ? NONE
                : (byte) (fingerprint & 0xF8 | Integer.remainderUnsigned(sends, SENDS_MODULUS));
    }

    /** The class code in {@code fingerprint}, or 0 when it has none. */
    public static int classCodeOf(byte fingerprint) {
        return (fingerprint & 0xFF) >>> 3;
    }

    /** Whether a turn that sent {@code sends} messages fits {@code fingerprint} (true when it did not record them). */
    public static boolean sendsMatch(byte fingerprint, int sends) {
        int recorded = fingerprint & 7;
        return fingerprint == NONE
                || recorded == SENDS_UNKNOWN
                || recorded == Integer.remainderUnsigned(sends, SENDS_MODULUS);
    }

    /** What the recorded sends part says, for reports ("3 modulo 7"), or null when not recorded. */
    public static String describeSends(byte fingerprint) {
        int recorded = fingerprint & 7;
        return fingerprint == NONE || recorded == SENDS_UNKNOWN ? null : recorded + " modulo " + SENDS_MODULUS;
    }
}
