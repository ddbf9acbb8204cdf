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
    /** The distance codes' lengths: no distance is used, but DEFLATE wants one code, and zlib sends two of one bit. */
    private static final byte[] DISTANCE_LENGTHS = {1, 1};

    /** The block's count of each literal: the 256 byte values, then the end of block's 1. */
    private final int[] counts = new int[LITERALS];

    private final int[] quarterCounts = new int[4 * 256];
    private final byte[] lengths = new byte[LITERALS];
    private final int[] codes = new int[LITERALS];
    /** Per byte: its code in the low 16 bits, the code's length above them (one load per byte). */
    private final int[] literalTable = new int[256];

    private final DynamicBlockHeader header = new DynamicBlockHeader();
    private final HuffmanLengths builder = new HuffmanLengths(LITERALS);

    private final DeflateBits stream = new DeflateBits();

    /**
     * Codes {@code input[0, length)} into {@code out} from {@code offset} when the result takes
     * fewer than {@code limit} bytes.
     *
     * @return the bytes written, or 0 when the coded stream would take {@code limit} bytes or more
     *     (found before a block would pass it: {@code out} needs room for {@code offset + limit} bytes;
     *     bytes of {@code out} past those returned may be written over)
     */
    int code(byte[] input, int length, byte[] out, int offset, int limit) {
        stream.start(offset);
        long written = 0;
        for (int start = 0; start < length || start == 0; start += BLOCK) {
            int end = Math.min(length, start + BLOCK);
            written += planBlock(input, start, end);
            if ((written + 7) >>> 3 >= limit) {
                return 0;
            }
            writeBlock(input, start, end, end == length, out);
        }
        return stream.finish(out) - offset;
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
        return dataBits + header.plan(lengths, LITERALS, DISTANCE_LENGTHS, DISTANCE_LENGTHS.length);
    }

    private void writeBlock(byte[] input, int start, int end, boolean last, byte[] out) {
        DynamicBlockHeader.canonicalCodes(lengths, LITERALS, codes);
        header.write(last, stream, out);
        writeLiterals(input, start, end, out);
        stream.put(codes[END_OF_BLOCK], lengths[END_OF_BLOCK], out);
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
        DeflateBits w = stream;
        w.storeWholeBytes(out);
        long b = w.bits;
        int n = w.count;
        int p = w.position;
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
        w.bits = b;
        w.count = n;
        w.position = p;
        for (; i < end; i++) {
            int s = input[i] & 0xFF;
            w.put(codes[s], lengths[s], out);
        }
    }
}
