package dev.reprise.tide.trace;

import dev.reprise.api.Codec;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** How the results of Tide's system calls are stored in the trace's data file. */
final class SystemValues {
    private SystemValues() {
    }

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

    static byte[] ofBoolean(boolean value) {
        return new byte[] {(byte) (value ? 1 : 0)};
    }

    static boolean toBoolean(byte[] b) {
        return b[0] != 0;
    }
}
