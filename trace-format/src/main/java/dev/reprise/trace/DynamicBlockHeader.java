package dev.reprise.trace;

import java.util.Arrays;

/**
 * The header of a DEFLATE block with dynamic Huffman codes (RFC 1951, 3.2.7), for
 * {@link HuffmanCoder} and {@link LzCoder}: the literal/length and distance codes' lengths, run-length
 * coded, and the code that sends those. {@link #plan} builds it and tells its size, so a coder
 * knows a block's size before writing it; {@link #write} sends it.
 *
 * <p>Single-threaded; one instance is reused for every block.
 */
final class DynamicBlockHeader {
    private static final int MAX_BITS = 15;
    private static final int LENGTH_CODES = 19;
    private static final int MAX_LENGTH_CODE_BITS = 7;
    /** The order in which the code-length code's lengths are sent (RFC 1951, 3.2.7). */
    private static final int[] LENGTH_CODE_ORDER = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

    /** The code lengths, run-length coded: symbol in the low byte, repeat count above it. */
    private final int[] symbols = new int[286 + 30];

    private int symbolCount;
    private final int[] lengthCodeCounts = new int[LENGTH_CODES];
    private final byte[] lengthCodeLengths = new byte[LENGTH_CODES];
    private final int[] lengthCodeCodes = new int[LENGTH_CODES];
    private final HuffmanLengths builder = new HuffmanLengths(LENGTH_CODES);
    /** How many of the code-length code's lengths are sent (4 to 19, in {@link #LENGTH_CODE_ORDER}). */
    private int lengthCodesSent;

    private byte[] literalLengths;
    private int literals;
    private byte[] distanceLengths;
    private int distances;

    /**
     * Plans the header of a block whose codes have these lengths: {@code literals} literal/length
     * codes (257 to 286) and {@code distances} distance codes (1 to 30) are sent.
     *
     * @return the header's size in bits, the block's first three bits included
     */
    int plan(byte[] literalLengths, int literals, byte[] distanceLengths, int distances) {
        this.literalLengths = literalLengths;
        this.literals = literals;
        this.distanceLengths = distanceLengths;
        this.distances = distances;
        symbolCount = 0;
        Arrays.fill(lengthCodeCounts, 0);
        int n = literals + distances;
        int i = 0;
        while (i < n) {
            int v = lengthAt(i);
            int run = 1;
            while (i + run < n && lengthAt(i + run) == v) {
                run++;
            }
            i += run;
            if (v == 0) {
                while (run >= 11) {
                    int r = Math.min(run, 138);
                    add(18, r - 11);
                    run -= r;
                }
                if (run >= 3) {
                    add(17, run - 3);
                    run = 0;
                }
            } else {
                add(v, 0);
                run--;
                while (run >= 3) {
                    int r = Math.min(run, 6);
                    add(16, r - 3);
                    run -= r;
                }
            }
            for (; run > 0; run--) {
                add(v, 0);
            }
        }
        builder.build(lengthCodeCounts, LENGTH_CODES, MAX_LENGTH_CODE_BITS, lengthCodeLengths);
        int sent = LENGTH_CODES;
        while (sent > 4 && lengthCodeLengths[LENGTH_CODE_ORDER[sent - 1]] == 0) {
            sent--;
        }
        lengthCodesSent = sent;
        int size = 3 + 5 + 5 + 4 + 3 * sent;
        for (int k = 0; k < symbolCount; k++) {
            int s = symbols[k] & 0xFF;
            size += lengthCodeLengths[s] + extraBits(s);
        }
        return size;
    }

    /** Sends the planned block's first bits ({@code last}, dynamic codes) and its header. */
    void write(boolean last, DeflateBits sink, byte[] out) {
        canonicalCodes(lengthCodeLengths, LENGTH_CODES, lengthCodeCodes);
        sink.put(last ? 1 : 0, 1, out);
        sink.put(2, 2, out); // dynamic Huffman codes
        sink.put(literals - 257, 5, out);
        sink.put(distances - 1, 5, out);
        sink.put(lengthCodesSent - 4, 4, out);
        for (int k = 0; k < lengthCodesSent; k++) {
            sink.put(lengthCodeLengths[LENGTH_CODE_ORDER[k]], 3, out);
        }
        for (int k = 0; k < symbolCount; k++) {
            int s = symbols[k] & 0xFF;
            sink.put(lengthCodeCodes[s], lengthCodeLengths[s], out);
            int extra = extraBits(s);
            if (extra > 0) {
                sink.put(symbols[k] >>> 8, extra, out);
            }
        }
    }

    private int lengthAt(int i) {
        return i < literals ? literalLengths[i] : distanceLengths[i - literals];
    }

    private void add(int symbol, int repeat) {
        symbols[symbolCount++] = symbol | repeat << 8;
        lengthCodeCounts[symbol]++;
    }

    private static int extraBits(int symbol) {
        return switch (symbol) {
            case 16 -> 2;
            case 17 -> 3;
            case 18 -> 7;
            default -> 0;
        };
    }

    /** DEFLATE's canonical codes for {@code lengths}, bit-reversed: they are sent least significant bit first. */
    static void canonicalCodes(byte[] lengths, int n, int[] codes) {
        int[] perLength = new int[MAX_BITS + 1];
        for (int s = 0; s < n; s++) {
            perLength[lengths[s]]++;
        }
        perLength[0] = 0;
        int[] next = new int[MAX_BITS + 1];
        int code = 0;
        for (int len = 1; len <= MAX_BITS; len++) {
            code = (code + perLength[len - 1]) << 1;
            next[len] = code;
        }
        for (int s = 0; s < n; s++) {
            int len = lengths[s];
            codes[s] = len == 0 ? 0 : Integer.reverse(next[len]++) >>> (32 - len);
        }
    }
}
