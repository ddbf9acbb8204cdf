package dev.reprise.api;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Turns a recorded value into bytes and back. {@code decode(encode(v))} must equal {@code v} as
 * far as the program can tell, or a replay will diverge.
 *
 * @param <T> the value type
 */
public interface Codec<T> {
    byte[] encode(T value);

    T decode(byte[] bytes);

    /** UTF-8 strings (null is not allowed). */
    static Codec<String> utf8() {
        return Builtin.UTF8;
    }

    /** Byte arrays, as they are. */
    static Codec<byte[]> bytes() {
        return Builtin.BYTES;
    }

    /** Longs, 8 bytes little-endian. */
    static Codec<Long> longs() {
        return Builtin.LONGS;
    }

    /** Doubles, their 8 IEEE bytes little-endian. */
    static Codec<Double> doubles() {
        return Builtin.DOUBLES;
    }

    /** Little-endian byte helpers shared by the built-in codecs and the recorder. */
    final class Builtin {
        private Builtin() {}

        static final Codec<String> UTF8 = new Codec<>() {
            @Override
            public byte[] encode(String value) {
                return value.getBytes(StandardCharsets.UTF_8);
            }

            @Override
            public String decode(byte[] bytes) {
                return new String(bytes, StandardCharsets.UTF_8);
            }
        };

        static final Codec<byte[]> BYTES = new Codec<>() {
            @Override
            public byte[] encode(byte[] value) {
                return value.clone();
            }

            @Override
            public byte[] decode(byte[] bytes) {
                return bytes;
            }
        };

        static final Codec<Long> LONGS = new Codec<>() {
            @Override
            public byte[] encode(Long value) {
                return longBytes(value);
            }

            @Override
            public Long decode(byte[] bytes) {
                return bytesLong(bytes);
            }
        };

        static final Codec<Double> DOUBLES = new Codec<>() {
            @Override
            public byte[] encode(Double value) {
                return longBytes(Double.doubleToRawLongBits(value));
            }

            @Override
            public Double decode(byte[] bytes) {
                return Double.longBitsToDouble(bytesLong(bytes));
            }
        };

        /** 8 bytes, little-endian. */
        public static byte[] longBytes(long v) {
            return ByteBuffer.allocate(8)
                    .order(java.nio.ByteOrder.LITTLE_ENDIAN)
                    .putLong(v)
                    .array();
        }

        /** The inverse of {@link #longBytes}; refuses anything but 8 bytes. */
        public static long bytesLong(byte[] b) {
            if (b.length != 8) {
                throw new IllegalArgumentException("a recorded long has 8 bytes, this value has " + b.length);
            }
            return ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong();
        }
    }
}
