package dev.reprise.trace;

/**
 * Deflates event chunks for {@link ChunkFileWriter}, choosing for each recording thread between
 * full DEFLATE (repeated strings found by {@link LzCoder}) and Huffman coding alone
 * ({@link HuffmanCoder}). Both are raw DEFLATE streams, so readers do not know which was used.
 *
 * <p>Why choose: full DEFLATE spends its time looking for repeated strings. A thread whose
 * program repeats itself (most do) shrinks several to tens of times, at 350 MB/s to 1.5 GB/s. A
 * thread whose messages come from random senders has few repeats: full DEFLATE then runs at
 * about 170 MB/s and saves little more than Huffman coding alone, which runs at 600 to 900
 * MB/s. On a loaded machine the writer's time is the application's, so such a thread gets
 * Huffman coding alone.
 *
 * <p>The choice is made by trying both on a chunk's first {@link #PROBE_BYTES} (a probe) and
 * keeping Huffman alone while its output is at most {@link #HUFFMAN_SLACK} times the size of full
 * DEFLATE's there (10% more bytes at most, for a thread whose chunks are alike). A thread's
 * first chunk is a probe; while probes agree, the next comes twice as many chunks later, up to
 * {@link #MAX_PROBE_INTERVAL}; when one disagrees, the next chunk is a probe again. A
 * Huffman-coded chunk that shrinks by a quarter more or less than the last probe's chunk also
 * makes the next chunk a probe: the thread's program changed its ways. (A program's start is
 * often unlike the rest of it: one probe per 64 chunks kept a start's choice for 63 chunks that
 * full DEFLATE would have made half the size.)
 *
 * <p>Single-threaded: the recorder's writer thread.
 */
final class ChunkDeflater {
    /** The most chunks of a thread between two probes. */
    static final int MAX_PROBE_INTERVAL = 64;
    /** Huffman coding alone is kept while its output is at most this much larger than full DEFLATE's. */
    static final double HUFFMAN_SLACK = 1.10;
    /**
     * A probe compares the two on the chunk's first this many bytes: full DEFLATE is the slow one
     * on the chunks where it matters, and trying it on a whole 64 KiB chunk costs more than coding it.
     */
    static final int PROBE_BYTES = 16 * 1024;
    /** A Huffman-coded chunk whose size ratio moves this far from its probe's makes the next chunk a probe. */
    private static final double CHANGED = 0.25;
    /** Threads' choices are kept in this many slots, by thread number; two threads in one slot share a choice. */
    private static final int SLOTS = 64;

    /** One thread's choice. */
    private static final class Choice {
        final int thread;
        boolean huffman;
        int interval = 1;
        int untilProbe;
        /** Huffman's output over the payload's length at the last probe (when it chose Huffman). */
        double probeRatio;

        Choice(int thread) {
            this.thread = thread;
        }

        void probed(boolean useHuffman) {
            interval = useHuffman == huffman ? Math.min(2 * interval, MAX_PROBE_INTERVAL) : 1;
            huffman = useHuffman;
            untilProbe = interval - 1;
        }
    }

    private final LzCoder full = new LzCoder();
    private final HuffmanCoder huffman = new HuffmanCoder();
    private final Choice[] choices = new Choice[SLOTS];
    private byte[] output = new byte[0];
    private long huffmanChunks;

    /**
     * Deflates {@code payload[0, length)}, recorded by {@code thread}, into {@link #output()}:
     * the payload's length as a little-endian u32, then a raw DEFLATE stream.
     *
     * @return the bytes in {@link #output()}, or 0 when deflating would not make the payload smaller
     */
    int deflate(int thread, byte[] payload, int length) {
        if (length < 64) {
            return 0;
        }
        int slot = thread & (SLOTS - 1);
        Choice c = choices[slot];
        if (c == null || c.thread != thread) {
            c = choices[slot] = new Choice(thread);
        }
        if (c.untilProbe > 0) {
            c.untilProbe--;
            if (!c.huffman) {
                return deflateInto(full, payload, length, output = ensure(output, length));
            }
            huffmanChunks++;
            int n = huffmanInto(payload, length, output = ensure(output, length));
            double ratio = n == 0 ? 1 : (double) n / length;
            if (Math.abs(ratio - c.probeRatio) > CHANGED * c.probeRatio) {
                c.untilProbe = 0;
            }
            return n;
        }
        int sample = Math.min(length, PROBE_BYTES);
        int byFull = deflateInto(full, payload, sample, output = ensure(output, length));
        // Huffman coding takes at least a bit a byte: when full DEFLATE does far better, do not try it.
        boolean worthTrying = byFull == 0 || byFull * HUFFMAN_SLACK >= sample / 8.0;
        int byHuffman = worthTrying ? 4 + huffman.codedSize(payload, sample) : 0; // counted, not coded
        boolean useHuffman = worthTrying && byHuffman < sample && (byFull == 0 || byHuffman <= byFull * HUFFMAN_SLACK);
        c.probed(useHuffman);
        if (!useHuffman) {
            return sample == length ? byFull : deflateInto(full, payload, length, output);
        }
        huffmanChunks++;
        int n = huffmanInto(payload, length, output);
        c.probeRatio = n == 0 ? 1 : (double) n / length;
        return n;
    }

    /** The deflated chunk of the last {@link #deflate} that returned more than 0. */
    byte[] output() {
        return output;
    }

    /** Chunks coded by Huffman coding alone so far. */
    long huffmanChunks() {
        return huffmanChunks;
    }

    private static byte[] ensure(byte[] b, int length) {
        return b.length < length ? new byte[length] : b;
    }

    /** Huffman-codes into {@code out} (length first); 0 when the result would not be smaller than the payload. */
    private int huffmanInto(byte[] payload, int length, byte[] out) {
        LittleEndian.putInt(out, 0, length);
        int n = huffman.code(payload, length, out, 4, length - 4);
        return n == 0 ? 0 : 4 + n;
    }

    /** Deflates into {@code out} (length first); 0 when the result would not be smaller than the payload. */
    private static int deflateInto(LzCoder coder, byte[] payload, int length, byte[] out) {
        LittleEndian.putInt(out, 0, length);
        int n = coder.code(payload, length, out, 4, length - 4);
        return n == 0 ? 0 : 4 + n;
    }
}
