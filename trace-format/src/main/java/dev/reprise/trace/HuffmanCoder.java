package dev.reprise.trace;

import java.util.Arrays;

/**
 * Writes raw DEFLATE (RFC 1951) by Huffman coding alone: every byte a literal, one block with its
 * own code per {@link #BLOCK} bytes of input. Any inflater reads it, as it reads zlib's
 * {@code HUFFMAN_ONLY} strategy, which this replaces on the recorder's writer thread: zlib queues
 * each byte as a symbol, then builds its code and codes the queue; here a block is counted in
 * one pass and coded in a second, about three times as fast. The coded size is known after the
 * count, so a caller can ask it ({@link #codedSize}) without coding.
 *
 * <p>Single-threaded; one instance is reused for every chunk.
 */
final class HuffmanCoder {
    /** Bytes per block: zlib's {@code HUFFMAN_ONLY} also starts a new code about every 16 KiB. */
    static final int BLOCK = 16 * 1024;

    private static final int END_OF_BLOCK = 256;
    /** Literal/length codes sent: the 256 bytes and the end of block (no lengths are ever used). */
    private static final int LITERALS = 257;

    private static final int MAX_BITS = 15;
    private static final int MAX_LENGTH_CODE_BITS = 7;
    /** The order in which the code-length code's lengths are sent (RFC 1951, 3.2.7). */
    private static final int[] LENGTH_CODE_ORDER = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

    /** The block's count of each literal: the 256 byte values, then the end of block's 1. */
    private final int[] counts = new int[LITERALS];

    private final int[] quarterCounts = new int[4 * 256];
    private final byte[] lengths = new byte[LITERALS];
    private final int[] codes = new int[LITERALS];
    /** Per byte: its code in the low 16 bits, the code's length above them (one load per byte). */
    private final int[] literalTable = new int[256];
    /** The block header's code lengths, run-length coded: symbol in the low byte, repeat count above it. */
    private final int[] header = new int[LITERALS + 2];

    private int headerSymbols;
    /** How many of the code-length code's lengths the header sends (4 to 19, in {@link #LENGTH_CODE_ORDER}). */
    private int lengthCodesSent;

    private final int[] lengthCodeCounts = new int[19];
    private final byte[] lengthCodeLengths = new byte[19];
    private final int[] lengthCodeCodes = new int[19];
    private final HuffmanLengths builder = new HuffmanLengths(LITERALS);

    private long bits;
    private int bitCount;
    private int position;

    /**
     * Codes {@code input[0, length)} into {@code out} from {@code offset} when the result takes
     * fewer than {@code limit} bytes.
     *
     * @return the bytes written, or 0 when the coded stream would take {@code limit} bytes or more
     *     (found before a block would pass it: {@code out} needs room for {@code offset + limit} bytes;
     *     bytes of {@code out} past those returned may be written over)
     */
    int code(byte[] input, int length, byte[] out, int offset, int limit) {
        bits = 0;
        bitCount = 0;
        position = offset;
        long written = 0;
        for (int start = 0; start < length || start == 0; start += BLOCK) {
            int end = Math.min(length, start + BLOCK);
            written += planBlock(input, start, end);
            if ((written + 7) >>> 3 >= limit) {
                return 0;
            }
            writeBlock(input, start, end, end == length, out);
        }
        while (bitCount > 0) {
            out[position++] = (byte) bits;
            bits >>>= 8;
            bitCount -= 8;
        }
        return position - offset;
    }

    /** The bytes {@link #code} would write for {@code input[0, length)}. */
    int codedSize(byte[] input, int length) {
        long total = 0;
        for (int start = 0; start < length || start == 0; start += BLOCK) {
            int end = Math.min(length, start + BLOCK);
            total += planBlock(input, start, end);
        }
        return (int) ((total + 7) >>> 3);
    }

    /**
     * Counts each byte value of {@code input[start, end)} into {@link #counts}. Four tallies, one
     * per byte of every four: a run of one value (common in skewed chunks) would otherwise wait on
     * its own previous increment.
     */
    private void countBytes(byte[] input, int start, int end) {
        int[] q = quarterCounts;
        Arrays.fill(q, 0);
        int i = start;
        for (; i + 3 < end; i += 4) {
            q[input[i] & 0xFF]++;
            q[256 + (input[i + 1] & 0xFF)]++;
            q[512 + (input[i + 2] & 0xFF)]++;
            q[768 + (input[i + 3] & 0xFF)]++;
        }
        for (; i < end; i++) {
            q[input[i] & 0xFF]++;
        }
        for (int v = 0; v < 256; v++) {
            counts[v] = q[v] + q[256 + v] + q[512 + v] + q[768 + v];
        }
    }

    /** Counts a block and builds its code and header; returns the block's size in bits. */
    private long planBlock(byte[] input, int start, int end) {
        int[] c = counts;
        countBytes(input, start, end);
        c[END_OF_BLOCK] = 1;
        builder.build(c, LITERALS, MAX_BITS, lengths);
        long dataBits = 0;
        for (int s = 0; s < LITERALS; s++) {
            dataBits += (long) c[s] * lengths[s];
        }
        return dataBits + planHeader();
    }

    /**
     * Run-length codes the block's code lengths (the 257 literal lengths, then two distance codes
     * of one bit: DEFLATE wants at least one, zlib sends two) and builds the code that sends them.
     *
     * @return the header's size in bits
     */
    private int planHeader() {
        headerSymbols = 0;
        int[] lc = lengthCodeCounts;
        Arrays.fill(lc, 0);
        int n = LITERALS + 2;
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
                    addHeader(18, r - 11);
                    run -= r;
                }
                if (run >= 3) {
                    addHeader(17, run - 3);
                    run = 0;
                }
            } else {
                addHeader(v, 0);
                run--;
                while (run >= 3) {
                    int r = Math.min(run, 6);
                    addHeader(16, r - 3);
                    run -= r;
                }
            }
            for (; run > 0; run--) {
                addHeader(v, 0);
            }
        }
        builder.build(lc, 19, MAX_LENGTH_CODE_BITS, lengthCodeLengths);
        int sent = 19;
        while (sent > 4 && lengthCodeLengths[LENGTH_CODE_ORDER[sent - 1]] == 0) {
            sent--;
        }
        int size = 3 + 5 + 5 + 4 + 3 * sent;
        for (int k = 0; k < headerSymbols; k++) {
            int s = header[k] & 0xFF;
            size += lengthCodeLengths[s] + extraBits(s);
        }
        lengthCodesSent = sent;
        return size;
    }

    private int lengthAt(int i) {
        return i < LITERALS ? lengths[i] : 1;
    }

    private void addHeader(int symbol, int repeat) {
        header[headerSymbols++] = symbol | repeat << 8;
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

    private void writeBlock(byte[] input, int start, int end, boolean last, byte[] out) {
        canonicalCodes(lengths, LITERALS, codes);
        canonicalCodes(lengthCodeLengths, 19, lengthCodeCodes);
        put(last ? 1 : 0, 1, out);
        put(2, 2, out); // dynamic Huffman codes
        put(LITERALS - 257, 5, out);
        put(2 - 1, 5, out);
        put(lengthCodesSent - 4, 4, out);
        for (int k = 0; k < lengthCodesSent; k++) {
            put(lengthCodeLengths[LENGTH_CODE_ORDER[k]], 3, out);
        }
        for (int k = 0; k < headerSymbols; k++) {
            int s = header[k] & 0xFF;
            put(lengthCodeCodes[s], lengthCodeLengths[s], out);
            int extra = extraBits(s);
            if (extra > 0) {
                put(header[k] >>> 8, extra, out);
            }
        }
        writeLiterals(input, start, end, out);
        put(codes[END_OF_BLOCK], lengths[END_OF_BLOCK], out);
    }

    /**
     * The hot loop, without a branch on the bit count: three codes of at most 15 bits go into the
     * bit buffer, then all eight of its bytes are stored and the whole ones kept. The bytes after
     * them are written over by the next store, so it runs while eight bytes fit in {@code out}.
     */
    private void writeLiterals(byte[] input, int start, int end, byte[] out) {
        int[] table = literalTable;
        for (int s = 0; s < 256; s++) {
            table[s] = codes[s] | lengths[s] << 16;
        }
        flushWholeBytes(out);
        long b = bits;
        int n = bitCount;
        int p = position;
        int i = start;
        int safeEnd = out.length - 8;
        for (; i + 2 < end && p <= safeEnd; i += 3) {
            int t0 = table[input[i] & 0xFF];
            int t1 = table[input[i + 1] & 0xFF];
            int t2 = table[input[i + 2] & 0xFF];
            b |= (long) (t0 & 0xFFFF) << n;
            n += t0 >>> 16;
            b |= (long) (t1 & 0xFFFF) << n;
            n += t1 >>> 16;
            b |= (long) (t2 & 0xFFFF) << n;
            n += t2 >>> 16;
            LittleEndian.putLong(out, p, b);
            int whole = n >>> 3;
            p += whole;
            b >>>= whole << 3;
            n &= 7;
        }
        bits = b;
        bitCount = n;
        position = p;
        for (; i < end; i++) {
            int s = input[i] & 0xFF;
            put(codes[s], lengths[s], out);
        }
    }

    /** Stores the bit buffer's whole bytes, leaving fewer than eight bits in it. */
    private void flushWholeBytes(byte[] out) {
        while (bitCount >= 8) {
            out[position++] = (byte) bits;
            bits >>>= 8;
            bitCount -= 8;
        }
    }

    /** Appends the low {@code count} bits of {@code value} (at most 16), least significant first. */
    private void put(int value, int count, byte[] out) {
        bits |= (long) value << bitCount;
        bitCount += count;
        if (bitCount >= 32) {
            LittleEndian.putInt(out, position, (int) bits);
            position += 4;
            bits >>>= 32;
            bitCount -= 32;
        }
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
