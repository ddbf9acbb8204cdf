package dev.reprise.trace;

/**
 * DEFLATE's bit stream (RFC 1951, 3.1.1), for {@link HuffmanCoder}, {@link LzCoder} and
 * {@link DynamicBlockHeader}: codes are appended least significant bit first to a bit buffer,
 * whose whole bytes go into the output four at a time. A coder's hot loop copies {@link #bits},
 * {@link #count} and {@link #position} into locals and stores them back when it is done.
 *
 * <p>Single-threaded; one instance per coder, reused for every stream.
 */
final class DeflateBits {
    /** Bits not yet stored, the oldest lowest. */
    long bits;
    /** How many of {@link #bits} are in use. */
    int count;
    /** Where the next byte goes in the output. */
    int position;

    /** Starts a stream at {@code offset} of the output. */
    void start(int offset) {
        bits = 0;
        count = 0;
        position = offset;
    }

    /**
     * Appends the low {@code n} bits of {@code value} (at most 32 less the bits held, so 16 is
     * always safe) to {@code out}; stores four bytes when 32 bits are held.
     */
    void put(int value, int n, byte[] out) {
        bits |= (long) value << count;
        count += n;
        if (count >= 32) {
            LittleEndian.putInt(out, position, (int) bits);
            position += 4;
            bits >>>= 32;
            count -= 32;
        }
    }

    /** Stores the whole bytes held, leaving fewer than eight bits. */
    void storeWholeBytes(byte[] out) {
        while (count >= 8) {
            out[position++] = (byte) bits;
            bits >>>= 8;
            count -= 8;
        }
    }

    /** Ends the stream: stores what is held, the last byte padded with zeros; returns the position after it. */
    int finish(byte[] out) {
        while (count > 0) {
            out[position++] = (byte) bits;
            bits >>>= 8;
            count -= 8;
        }
        count = 0;
        return position;
    }
}
