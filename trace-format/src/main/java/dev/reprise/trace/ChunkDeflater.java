package dev.reprise.trace;

import java.util.zip.Deflater;

/**
 * Deflates event chunks for {@link ChunkFileWriter}, choosing for each recording thread between
 * full DEFLATE at its fastest level and Huffman coding alone. Both are raw DEFLATE streams, so
 * readers do not know which was used.
 *
 * <p>Why choose: full DEFLATE spends its time looking for repeated strings. A thread whose
 * program repeats itself (most do) shrinks tens of times, at about 1 GB/s. A thread whose
 * messages come from random senders has few repeats: full DEFLATE then runs at about 90 MB/s
 * and saves little more than Huffman coding alone, which runs at about 200 MB/s. On a loaded
 * machine the writer's time is the application's, so such a thread gets Huffman coding alone.
 *
 * <p>The choice is made by trying both on a thread's first chunk and then on every
 * {@link #PROBE_EVERY}th: Huffman alone is kept while its output is at most
 * {@link #HUFFMAN_SLACK} times the size of full DEFLATE's. So the trace grows by at most 10%
 * for the chunks coded that way, and a thread whose program starts repeating itself goes back
 * to full DEFLATE within {@code PROBE_EVERY} chunks.
 *
 * <p>Single-threaded: the recorder's writer thread.
 */
final class ChunkDeflater implements AutoCloseable {
    /** A thread's chunks between two tries of both codings. */
    static final int PROBE_EVERY = 64;
    /** Huffman coding alone is kept while its output is at most this much larger than full DEFLATE's. */
    static final double HUFFMAN_SLACK = 1.10;
    /** Threads' choices are kept in this many slots, by thread number; two threads in one slot share a choice. */
    private static final int SLOTS = 64;

    private final Deflater full = new Deflater(Deflater.BEST_SPEED, true);
    private final Deflater huffman = new Deflater(Deflater.BEST_SPEED, true);
    /** Per slot: the thread whose choice it holds, its coding, and its chunks until the next try of both. */
    private final int[] slotThread = new int[SLOTS];
    private final boolean[] slotHuffman = new boolean[SLOTS];
    private final int[] slotUntilProbe = new int[SLOTS];
    private byte[] output = new byte[0];
    private byte[] spare = new byte[0];
    private long huffmanChunks;

    ChunkDeflater() {
        huffman.setStrategy(Deflater.HUFFMAN_ONLY);
        java.util.Arrays.fill(slotThread, -1);
    }

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
        if (slotThread[slot] != thread) {
            slotThread[slot] = thread;
            slotUntilProbe[slot] = 0;
        }
        if (slotUntilProbe[slot]-- > 0) {
            boolean useHuffman = slotHuffman[slot];
            if (useHuffman) {
                huffmanChunks++;
            }
            return deflateInto(useHuffman ? huffman : full, payload, length, output = ensure(output, length));
        }
        slotUntilProbe[slot] = PROBE_EVERY - 1;
        int byFull = deflateInto(full, payload, length, output = ensure(output, length));
        // Huffman coding takes at least a bit a byte: when full DEFLATE does far better, do not try it.
        boolean worthTrying = byFull == 0 || byFull * HUFFMAN_SLACK >= length / 8.0;
        int byHuffman = worthTrying ? deflateInto(huffman, payload, length, spare = ensure(spare, length)) : 0;
        boolean useHuffman = byHuffman > 0 && (byFull == 0 || byHuffman <= byFull * HUFFMAN_SLACK);
        slotHuffman[slot] = useHuffman;
        if (!useHuffman) {
            return byFull;
        }
        huffmanChunks++;
        byte[] b = output;
        output = spare;
        spare = b;
        return byHuffman;
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

    /** Deflates into {@code out} (length first); 0 when the result would not be smaller than the payload. */
    private static int deflateInto(Deflater d, byte[] payload, int length, byte[] out) {
        LittleEndian.putInt(out, 0, length);
        d.reset();
        d.setInput(payload, 0, length);
        d.finish();
        int n = 4;
        while (!d.finished() && n < length) {
            n += d.deflate(out, n, length - n);
        }
        return d.finished() && n < length ? n : 0;
    }

    @Override
    public void close() {
        full.end();
        huffman.end();
    }
}
