package dev.reprise.tide.trace;

import dev.reprise.api.Codec;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** How the results of Tide's system calls are stored in the trace's data file. */
final class SystemValues {
    private SystemValues() {}

    /** A number as the agent stores clock and random values: 8 bytes, little-endian. */
    static byte[] ofLong(long value) {
        return Codec.Builtin.longBytes(value);
    }

    static long toLong(byte[] b) {
        return Codec.Builtin.bytesLong(b);
    }

    /** A line of input, or null at its end: a presence byte, then UTF-8. */
    static byte[] ofLine(String line) {
        if (line == null) {
            return new byte[] {0};
        }
        byte[] text = line.getBytes(StandardCharsets.UTF_8);
        byte[] b = new byte[text.length + 1];
        b[0] = 1;
        System.arraycopy(text, 0, b, 1, text.length);
        return b;
    }

    static String toLine(byte[] b) {
        return b[0] == 0 ? null : new String(Arrays.copyOfRange(b, 1, b.length), StandardCharsets.UTF_8);
    }

    /** Of a printed line, the characters kept for the replay to compare: its start, so that long lines stay small. */
    static final int PRINTED_CHARS = 200;

    /**
     * A printed line's place in the output (8 bytes, little-endian), then its first
     * {@link #PRINTED_CHARS} characters in UTF-8, which a replay compares with the line it prints
     * there.
     */
    static byte[] ofPrint(long number, String line) {
        byte[] text = printed(line).getBytes(StandardCharsets.UTF_8);
        byte[] b = Arrays.copyOf(ofLong(number), 8 + text.length);
        System.arraycopy(text, 0, b, 8, text.length);
        return b;
    }

    static long printNumber(byte[] b) {
        return toLong(Arrays.copyOf(b, 8));
    }

    /** The recorded start of the printed line. */
    static String printedText(byte[] b) {
        return new String(b, 8, b.length - 8, StandardCharsets.UTF_8);
    }

    /** The part of {@code line} that {@link #ofPrint} keeps, as it reads back. */
    static String printed(String line) {
        String start = line.length() > PRINTED_CHARS ? line.substring(0, PRINTED_CHARS) : line;
        return new String(
                start.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8); // a cut surrogate reads back as '?'
    }

    // Begins a callback's offset: no other system call's value is 16 bytes that begin so.
    private static final byte[] CALLBACK_OFFSET = "tide.cb:".getBytes(StandardCharsets.US_ASCII);

    /** A callback's registration offset ({@link dev.reprise.tide.runtime.Actor#callbackRuns}): a marker, then 8 bytes. */
    static byte[] ofCallbackOffset(long offset) {
        byte[] b = Arrays.copyOf(CALLBACK_OFFSET, 16);
        System.arraycopy(ofLong(offset), 0, b, 8, 8);
        return b;
    }

    /** Whether {@code b} is a callback's offset, not another system call's value (nor missing: null). */
    static boolean isCallbackOffset(byte[] b) {
        return b != null && b.length == 16 && Arrays.equals(b, 0, 8, CALLBACK_OFFSET, 0, 8);
    }

    /** The offset in {@code b}, which {@link #isCallbackOffset} is. */
    static long toCallbackOffset(byte[] b) {
        return toLong(Arrays.copyOfRange(b, 8, 16));
    }

    // Begins a turn's error: no print's value begins so (its line number would be above 10^18).
    private static final byte[] ERROR = "tide.err".getBytes(StandardCharsets.US_ASCII);

    /** A turn's error, {@code "3:5: message"}: a marker, then the first {@link #PRINTED_CHARS} characters in UTF-8. */
    static byte[] ofError(String error) {
        byte[] text = printed(error).getBytes(StandardCharsets.UTF_8);
        byte[] b = Arrays.copyOf(ERROR, ERROR.length + text.length);
        System.arraycopy(text, 0, b, ERROR.length, text.length);
        return b;
    }

    /** Whether {@code b} is a turn's error, not another system call's value (nor missing: null). */
    static boolean isError(byte[] b) {
        return b != null && b.length >= ERROR.length && Arrays.equals(b, 0, ERROR.length, ERROR, 0, ERROR.length);
    }

    /** The error in {@code b}, which {@link #isError} is, as {@link #printed} keeps it. */
    static String toError(byte[] b) {
        return new String(b, ERROR.length, b.length - ERROR.length, StandardCharsets.UTF_8);
    }

    static byte[] ofBoolean(boolean value) {
        return new byte[] {(byte) (value ? 1 : 0)};
    }

    static boolean toBoolean(byte[] b) {
        return b[0] != 0;
    }
}
