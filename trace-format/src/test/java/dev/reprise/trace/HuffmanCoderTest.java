package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Huffman coding alone writes DEFLATE that zlib's inflater reads back, no larger than zlib's own. */
class HuffmanCoderTest {
    private static final int[] LENGTHS = {
        1, 2, 100, HuffmanCoder.BLOCK - 1, HuffmanCoder.BLOCK, HuffmanCoder.BLOCK + 1, 3 * HuffmanCoder.BLOCK + 17
    };

    @ParameterizedTest
    @ValueSource(strings = {"skewed", "fewSymbols", "oneSymbol", "everyByte", "fibonacci"})
    void everyShapeAndLengthInflatesToItsInput(String shape) throws Exception {
        HuffmanCoder coder = new HuffmanCoder(); // reused, as the writer reuses it
        for (int length : LENGTHS) {
            byte[] input = bytes(shape, length, new Random(length));
            byte[] out = new byte[length + 1024];
            int n = coder.code(input, length, out, 3, out.length - 3);
            assertTrue(n > 0, shape + " of " + length + " bytes is coded");
            assertEquals(coder.codedSize(input, length), n, "the size told before coding, " + shape + " of " + length);
            assertArrayEquals(input, inflate(out, 3, n, length), shape + " of " + length + " bytes");
        }
    }

    @Test
    void randomAlphabetsAndSkewsInflateToTheirInput() throws Exception {
        HuffmanCoder coder = new HuffmanCoder();
        Random random = new Random(42);
        for (int round = 0; round < 300; round++) {
            int length = 1 + random.nextInt(3 * HuffmanCoder.BLOCK);
            int alphabet = 1 + random.nextInt(256);
            double skew = random.nextDouble() * 3; // 0: uniform; 3: a few values take almost every byte
            double[] weights = new double[alphabet];
            double total = 0;
            for (int k = 0; k < alphabet; k++) {
                total += weights[k] = Math.pow(k + 1, -skew);
            }
            int[] values = new int[alphabet]; // scattered over the byte range, so runs of unused values vary
            for (int k = 0; k < alphabet; k++) {
                values[k] = random.nextInt(256);
            }
            byte[] input = new byte[length];
            for (int i = 0; i < length; i++) {
                double u = random.nextDouble() * total;
                int k = 0;
                while (k < alphabet - 1 && (u -= weights[k]) > 0) {
                    k++;
                }
                input[i] = (byte) values[k];
            }
            byte[] out = new byte[2 * length + 1024];
            int n = coder.code(input, length, out, 0, out.length);
            String what = "round " + round + ": " + length + " bytes, " + alphabet + " values, skew " + skew;
            assertEquals(coder.codedSize(input, length), n, what);
            assertArrayEquals(input, inflate(out, 0, n, length), what);
        }
    }

    @Test
    void itIsNoLargerThanZlibsHuffmanCoding() {
        HuffmanCoder coder = new HuffmanCoder();
        for (String shape : new String[] {"skewed", "fewSymbols", "fibonacci"}) { // bytes that shrink
            int length = 5 * HuffmanCoder.BLOCK + 321;
            byte[] input = bytes(shape, length, new Random(3));
            long zlib = zlibHuffmanOnly(input);
            long ours = coder.codedSize(input, length);
            assertTrue(ours <= zlib, shape + ": " + ours + " bytes against zlib's " + zlib);
            assertTrue(ours < length * 0.7, shape + " shrinks: " + ours);
        }
    }

    @Test
    void bytesItCannotShrinkBelowTheLimitAreRefused() {
        byte[] noise = new byte[3000];
        new Random(1).nextBytes(noise);
        byte[] out = new byte[noise.length];
        HuffmanCoder coder = new HuffmanCoder();
        assertEquals(
                0, coder.code(noise, noise.length, out, 0, noise.length), "random bytes take a byte each and more");
        byte[] skewed = bytes("skewed", noise.length, new Random(2));
        int size = coder.codedSize(skewed, skewed.length);
        assertEquals(0, coder.code(skewed, skewed.length, out, 0, size), "a limit of exactly its size");
        assertEquals(size, coder.code(skewed, skewed.length, out, 0, size + 1));
    }

    @Test
    void codesAreCompleteAndAtMostTheLimitLong() {
        HuffmanLengths builder = new HuffmanLengths(257);
        byte[] lengths = new byte[257];
        int[] fibonacci = new int[257];
        fibonacci[0] = 1;
        fibonacci[1] = 1;
        for (int s = 2; s < 25; s++) {
            fibonacci[s] = fibonacci[s - 1] + fibonacci[s - 2]; // an optimal code would be 24 bits deep
        }
        builder.build(fibonacci, 257, 15, lengths);
        assertKraftComplete(lengths, 15);
        int[] one = new int[19];
        one[7] = 40;
        byte[] oneLengths = new byte[19];
        builder.build(one, 19, 7, oneLengths);
        assertKraftComplete(oneLengths, 7); // a lone symbol gets a partner: inflaters refuse incomplete codes
        assertEquals(1, oneLengths[7]);
    }

    private static void assertKraftComplete(byte[] lengths, int maxBits) {
        long sum = 0;
        for (byte l : lengths) {
            assertTrue(l <= maxBits, "a code of " + l + " bits");
            if (l > 0) {
                sum += 1L << (maxBits - l);
            }
        }
        assertEquals(1L << maxBits, sum, "the code is complete");
    }

    private static byte[] bytes(String shape, int length, Random random) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte)
                    switch (shape) {
                        case "skewed" -> Math.min(40, Integer.numberOfTrailingZeros(random.nextInt() | 1 << 30));
                        case "fewSymbols" -> random.nextInt(5) * 37;
                        case "oneSymbol" -> 9;
                        case "everyByte" -> random.nextInt(256);
                        case "fibonacci" -> fibonacciSymbol(i % 10945);
                        default -> throw new IllegalArgumentException(shape);
                    };
        }
        return b;
    }

    /** Symbol k appears fib(k) times in every 10,945 bytes: an optimal code would be 18 bits deep. */
    private static int fibonacciSymbol(int at) {
        int a = 1;
        int b = 1;
        for (int k = 0; ; k++) {
            if (at < a) {
                return k;
            }
            at -= a;
            int c = a + b;
            a = b;
            b = c;
        }
    }

    private static byte[] inflate(byte[] coded, int offset, int n, int length) throws Exception {
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(coded, offset, n);
            byte[] back = new byte[length];
            int got = 0;
            while (got < length && !inflater.finished()) {
                got += inflater.inflate(back, got, length - got);
            }
            assertEquals(length, got);
            inflater.inflate(new byte[1]);
            assertTrue(inflater.finished(), "the stream ends");
            assertEquals(0, inflater.getRemaining(), "with its last byte");
            return back;
        } finally {
            inflater.end();
        }
    }

    private static long zlibHuffmanOnly(byte[] input) {
        Deflater d = new Deflater(Deflater.BEST_SPEED, true);
        d.setStrategy(Deflater.HUFFMAN_ONLY);
        d.setInput(input);
        d.finish();
        byte[] out = new byte[input.length * 2 + 64];
        int n = 0;
        while (!d.finished()) {
            n += d.deflate(out, n, out.length - n);
        }
        d.end();
        return n;
    }
}
