package dev.reprise.trace;

import java.util.Arrays;

/**
 * Writes raw DEFLATE (RFC 1951) with matches found greedily: at each position the last earlier
 * position with the same four bytes (one hash slot, no chains) is taken if it repeats them, as
 * LZ4 does. Any inflater reads it. It replaces zlib's fastest level on the recorder's writer
 * thread, where the trace's repeats are long and plenty: zlib searches up to four earlier
 * positions for each string and queues its symbols one by one. Where the writer shares its core
 * with the program (Savina's SleepingBarber on one pinned core), zlib's coding was half of what
 * recording added. Here the input is parsed in one pass into symbols, counted as they are made,
 * and coded in a second pass; one block per {@link #BLOCK} bytes of input, each with its own
 * codes. As fast as zlib's fastest level twice over, for the same sizes on recorded traces.
 *
 * <p>Single-threaded; one instance is reused for every chunk.
 */
final class LzCoder {
    /** Bytes of input per block: each block gets codes fitted to its own symbols. */
    static final int BLOCK = 32 * 1024;

    private static final int MIN_MATCH = 4;
    private static final int MAX_MATCH = 258;
    private static final int WINDOW = 32 * 1024;
    private static final int HASH_BITS = 16;
    /** After 2^this positions in a row without a match, every second one is looked at, and so on. */
    private static final int SKIP_STRENGTH = 5;

    private static final int END_OF_BLOCK = 256;
    /** Literal/length symbols: 256 bytes, the end of block, 29 length codes. */
    private static final int LITERAL_LENGTHS = 286;

    private static final int DISTANCES = 30;
    private static final int MAX_BITS = 15;

    private static final int[] LENGTH_BASE = {
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258
    };
    private static final int[] LENGTH_EXTRA = {
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0
    };
    private static final int[] DISTANCE_BASE = {
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577
    };
    private static final int[] DISTANCE_EXTRA = {
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13
    };
    /** A match length (3 to 258) minus 3: its length code's index (0 to 28). */
    private static final byte[] LENGTH_CODE = new byte[256];
    /** A distance minus 1 below 256: its code; at or above, that of {@code 256 + ((distance - 1) >> 7)}. */
    private static final byte[] DISTANCE_CODE = new byte[512];

    static {
        for (int code = 0; code < 29; code++) {
            int end = code == 28 ? 256 : LENGTH_BASE[code + 1] - 3;
            for (int l = LENGTH_BASE[code] - 3; l < end; l++) {
                LENGTH_CODE[l] = (byte) code;
            }
        }
        for (int code = 0; code < DISTANCES; code++) {
            int first = DISTANCE_BASE[code] - 1;
            int last = first + (1 << DISTANCE_EXTRA[code]) - 1;
            for (int d = first; d <= last; d++) {
                if (d < 256) {
                    DISTANCE_CODE[d] = (byte) code;
                } else {
                    DISTANCE_CODE[256 + (d >> 7)] = (byte) code;
                }
            }
        }
    }

    /**
     * Per hash of four bytes: the last position that had them, plus {@link #base}. Positions of
     * earlier inputs lie below the current base, so the table is not cleared for each input.
     */
    private final int[] lastAt = new int[1 << HASH_BITS];
    /** What this input's positions are stored plus: past every position of the inputs before it. */
    private int base;
    /** The length of the last input. */
    private int lastLength;
    /** A block's symbols: a literal byte (below 256), or a match: 1 << 24 | (length - 3) << 15 | (distance - 1). */
    private int[] symbols = new int[BLOCK];

    private final int[] literalCounts = new int[LITERAL_LENGTHS];
    private final int[] distanceCounts = new int[DISTANCES];
    private final byte[] literalLengths = new byte[LITERAL_LENGTHS];
    private final byte[] distanceLengths = new byte[DISTANCES];
    private final int[] literalCodes = new int[LITERAL_LENGTHS];
    private final int[] distanceCodes = new int[DISTANCES];
    /** Per byte: its code in the low 16 bits, the code's length above them. */
    private final int[] literalTable = new int[256];
    /** Per match length minus 3: its code with its extra bits in the low 32 bits, their bit count above them. */
    private final long[] lengthTable = new long[256];

    private int literalsSent;
    private int distancesSent;

    private final DynamicBlockHeader header = new DynamicBlockHeader();
    private final HuffmanLengths builder = new HuffmanLengths(LITERAL_LENGTHS);

    /** Where the next block's parse starts: after the end of the last match, which may pass the block's end. */
    private int skipped;

    private final DeflateBits stream = new DeflateBits();

    /**
     * Codes {@code input[0, length)} into {@code out} from {@code offset} when the result takes
     * fewer than {@code limit} bytes.
     *
     * @return the bytes written, or 0 when the coded stream would take {@code limit} bytes or more
     *     ({@code out} needs room for {@code offset + limit} bytes; bytes of {@code out} past those
     *     returned may be written over)
     */
    int code(byte[] input, int length, byte[] out, int offset, int limit) {
        if (base > Integer.MAX_VALUE - lastLength - length - 2) {
            Arrays.fill(lastAt, 0);
            base = 0;
        }
        base += lastLength + 1;
        lastLength = length;
        skipped = 0;
        stream.start(offset);
        long written = 0;
        for (int start = 0; start < length || start == 0; start += BLOCK) {
            int end = Math.min(length, start + BLOCK);
            int n = parse(input, start, end, length);
            written += planBlock(n);
            if ((written + 7) >>> 3 >= limit) {
                return 0;
            }
            writeBlock(n, end == length, out);
        }
        return stream.finish(out) - offset;
    }

    /**
     * Parses the positions {@code [start, end)} into {@link #symbols}, counting them; a match may
     * reach past {@code end} (up to {@code length}), and the next block then starts after it.
     * Returns the symbols made.
     */
    private int parse(byte[] input, int start, int end, int length) {
        Arrays.fill(literalCounts, 0);
        Arrays.fill(distanceCounts, 0);
        int[] table = lastAt;
        int[] out = symbols;
        int[] lc = literalCounts;
        int n = 0;
        int i = skipped;
        int lastHashed = length - MIN_MATCH;
        int misses = 0;
        while (i < end) {
            if (i <= lastHashed) {
                int v = LittleEndian.getInt(input, i);
                int h = hash(v);
                int candidate = table[h] - base;
                table[h] = i + base;
                if (candidate >= 0 && i - candidate <= WINDOW && LittleEndian.getInt(input, candidate) == v) {
                    int len = matchLength(input, candidate, i, Math.min(MAX_MATCH, length - i));
                    misses = 0;
                    int distance = i - candidate;
                    out[n++] = 1 << 24 | (len - 3) << 15 | (distance - 1);
                    lc[257 + LENGTH_CODE[len - 3]]++;
                    distanceCounts[distanceCode(distance - 1)]++;
                    i += len;
                    if (i - 2 <= lastHashed) { // so a run that repeats at once is found again
                        table[hash(LittleEndian.getInt(input, i - 2))] = i - 2 + base;
                    }
                    continue;
                }
            }
            // After many positions without a match, look at fewer of them, as LZ4 does: bytes
            // that do not repeat are coded as literals at once, not searched.
            int last = Math.min(end, i + 1 + (misses++ >>> SKIP_STRENGTH));
            for (; i < last; i++) {
                int b = input[i] & 0xFF;
                out[n++] = b;
                lc[b]++;
            }
        }
        skipped = i;
        return n;
    }

    /** How far the bytes at {@code i} repeat those at {@code candidate} (their first four do), up to {@code max}: eight at a time. */
    private static int matchLength(byte[] input, int candidate, int i, int max) {
        int len = MIN_MATCH;
        while (len + 8 <= max) {
            long diff = LittleEndian.getLong(input, candidate + len) ^ LittleEndian.getLong(input, i + len);
            if (diff != 0) {
                return len + (Long.numberOfTrailingZeros(diff) >>> 3);
            }
            len += 8;
        }
        while (len < max && input[candidate + len] == input[i + len]) {
            len++;
        }
        return len;
    }

    /** The hash slot of four bytes read as an int. */
    private static int hash(int fourBytes) {
        return (fourBytes * 0x9E3779B1) >>> (32 - HASH_BITS);
    }

    private static int distanceCode(int distanceMinusOne) {
        return distanceMinusOne < 256 ? DISTANCE_CODE[distanceMinusOne] : DISTANCE_CODE[256 + (distanceMinusOne >> 7)];
    }

    /** Builds the block's codes and header; returns its size in bits. */
    private long planBlock(int n) {
        literalCounts[END_OF_BLOCK] = 1;
        builder.build(literalCounts, LITERAL_LENGTHS, MAX_BITS, literalLengths);
        builder.build(distanceCounts, DISTANCES, MAX_BITS, distanceLengths);
        long dataBits = 0;
        for (int s = 0; s < LITERAL_LENGTHS; s++) {
            dataBits += (long) literalCounts[s] * (literalLengths[s] + (s > 256 ? LENGTH_EXTRA[s - 257] : 0));
        }
        for (int d = 0; d < DISTANCES; d++) {
            dataBits += (long) distanceCounts[d] * (distanceLengths[d] + DISTANCE_EXTRA[d]);
        }
        literalsSent = LITERAL_LENGTHS;
        while (literalsSent > 257 && literalLengths[literalsSent - 1] == 0) {
            literalsSent--;
        }
        distancesSent = DISTANCES;
        while (distancesSent > 1 && distanceLengths[distancesSent - 1] == 0) {
            distancesSent--;
        }
        return dataBits + header.plan(literalLengths, literalsSent, distanceLengths, distancesSent);
    }

    private void writeBlock(int n, boolean last, byte[] out) {
        DynamicBlockHeader.canonicalCodes(literalLengths, LITERAL_LENGTHS, literalCodes);
        DynamicBlockHeader.canonicalCodes(distanceLengths, DISTANCES, distanceCodes);
        header.write(last, stream, out);
        writeSymbols(n, out);
        stream.put(literalCodes[END_OF_BLOCK], literalLengths[END_OF_BLOCK], out);
    }

    /**
     * The hot loop: a literal is one table load; a match is its length's code with its extra bits
     * (a table load by length), then its distance's code with its extra bits, each one append.
     */
    private void writeSymbols(int n, byte[] out) {
        int[] literal = literalTable;
        for (int s = 0; s < 256; s++) {
            literal[s] = literalCodes[s] | literalLengths[s] << 16;
        }
        long[] length = lengthTable;
        for (int l = 0; l < 256; l++) {
            int code = LENGTH_CODE[l];
            int bitsOfCode = literalLengths[257 + code];
            int extra = l + 3 - LENGTH_BASE[code];
            length[l] = (literalCodes[257 + code] | (long) extra << bitsOfCode)
                    | (long) (bitsOfCode + LENGTH_EXTRA[code]) << 32;
        }
        int[] sym = symbols;
        DeflateBits w = stream;
        long b = w.bits;
        int count = w.count;
        int p = w.position;
        for (int k = 0; k < n; k++) {
            int s = sym[k];
            if (s < 256) {
                int t = literal[s];
                b |= (long) (t & 0xFFFF) << count;
                count += t >>> 16;
            } else {
                long t = length[(s >>> 15) & 0xFF];
                b |= (t & 0xFFFFFFFFL) << count;
                count += (int) (t >>> 32);
                if (count >= 32) {
                    LittleEndian.putInt(out, p, (int) b);
                    p += 4;
                    b >>>= 32;
                    count -= 32;
                }
                int distanceMinusOne = s & 0x7FFF;
                int d = distanceCode(distanceMinusOne);
                b |= (long) (distanceCodes[d] | (distanceMinusOne + 1 - DISTANCE_BASE[d]) << distanceLengths[d])
                        << count;
                count += distanceLengths[d] + DISTANCE_EXTRA[d];
            }
            if (count >= 32) {
                LittleEndian.putInt(out, p, (int) b);
                p += 4;
                b >>>= 32;
                count -= 32;
            }
        }
        w.bits = b;
        w.count = count;
        w.position = p;
    }
}
