package dev.reprise.trace;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Little-endian access to byte arrays, whatever the platform's byte order, and LEB128 varints:
 * the byte order of every trace file, and of the buffers the recorder fills before they are
 * written. Positions are byte offsets; an access past the array's end throws
 * {@link IndexOutOfBoundsException}.
 */
public final class LittleEndian {
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

    private LittleEndian() {}

    /** Writes {@code v} as four bytes at {@code at}. */
    public static void putInt(byte[] b, int at, int v) {
        INT.set(b, at, v);
    }

    /** Writes {@code v} as eight bytes at {@code at}. */
    public static void putLong(byte[] b, int at, long v) {
        LONG.set(b, at, v);
    }

    /** Writes {@code v} as two bytes at {@code at}. */
    public static void putShort(byte[] b, int at, short v) {
        SHORT.set(b, at, v);
    }

    /** Reads the four bytes at {@code at}. */
    public static int getInt(byte[] b, int at) {
        return (int) INT.get(b, at);
    }

    /** Reads the eight bytes at {@code at}. */
    public static long getLong(byte[] b, int at) {
        return (long) LONG.get(b, at);
    }

    /** Reads the two bytes at {@code at}, zero-extended. */
    public static int getUnsignedShort(byte[] b, int at) {
        return ((short) SHORT.get(b, at)) & 0xFFFF;
    }

    /** Reads an unsigned little-endian id of 1 to 4 bytes, zero-extended (never sign-extended). */
    public static int getId(byte[] b, int at, int width) {
        return switch (width) {
            case 1 -> b[at] & 0xFF;
            case 2 -> getUnsignedShort(b, at);
            case 3 -> getUnsignedShort(b, at) | (b[at + 2] & 0xFF) << 16;
            default -> getInt(b, at);
        };
    }

    /** Bytes that {@link #putVarLong} writes for {@code v}: 1 to 10. */
    public static int varLongSize(long v) {
        return (63 - Long.numberOfLeadingZeros(v | 1)) / 7 + 1;
    }

    /**
     * Reads the unsigned LEB128 varint at {@code at} into {@code out[0]}; returns the position
     * after it, or -1 if it runs past the end of {@code b} (or past 10 bytes).
     */
    public static int getVarLong(byte[] b, int at, long[] out) {
        long v = 0;
        for (int shift = 0; shift < 64 && at < b.length; shift += 7) {
            int x = b[at++] & 0xFF;
            v |= (long) (x & 0x7F) << shift;
            if ((x & 0x80) == 0) {
                out[0] = v;
                return at;
            }
        }
        return -1;
    }

    /** Writes {@code v} as an unsigned LEB128 varint; returns the position after it. */
    public static int putVarLong(byte[] b, int at, long v) {
        while ((v & ~0x7FL) != 0) {
            b[at++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        b[at++] = (byte) v;
        return at;
    }
}
