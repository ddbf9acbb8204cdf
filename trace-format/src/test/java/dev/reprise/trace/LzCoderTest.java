package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;

/** The greedy matcher writes DEFLATE that zlib's inflater reads back, close to zlib's fastest level in size. */
class LzCoderTest {

    @Test
    void everyKindOfInputInflatesToItself() throws Exception {
        LzCoder coder = new LzCoder(); // reused, as the writer reuses it
        Random random = new Random(7);
        int[] lengths = {0, 1, 3, 4, 5, 100, LzCoder.BLOCK - 1, LzCoder.BLOCK, LzCoder.BLOCK + 1, 64 * 1024, 100_003};
        for (int round = 0; round < 200; round++) {
            int length = round < lengths.length ? lengths[round] : random.nextInt(3 * LzCoder.BLOCK);
            byte[] input = input(random, length);
            byte[] out = new byte[length + 64]; // a stream that does not shrink is refused, not written past out
            int n = coder.code(input, length, out, 4, out.length - 4);
            String what = "round " + round + ", " + length + " bytes";
            if (n > 0) {
                assertArrayEquals(input, inflate(out, 4, n, length), what);
            } else {
                assertTrue(length < 64 || incompressible(input), what + " is refused only when it does not shrink");
            }
        }
    }

    @Test
    void longRunsAndTheWholeWindowInflateToThemselves() throws Exception {
        LzCoder coder = new LzCoder();
        byte[] input = new byte[200_000];
        Random random = new Random(11);
        byte[] far = new byte[300]; // repeated exactly 32 KiB apart, the longest distance DEFLATE has
        random.nextBytes(far);
        for (int at = 0; at + far.length < input.length; at += 32 * 1024) {
            System.arraycopy(far, 0, input, at, far.length);
        }
        for (int i = 1000; i < 5000; i++) {
            input[i] = 7; // a run longer than the longest match
        }
        for (int i = 40_000; i < 41_000; i++) {
            input[i] = (byte) (i % 3); // a period shorter than a match's four bytes
        }
        byte[] out = new byte[input.length];
        int n = coder.code(input, input.length, out, 0, out.length);
        assertTrue(n > 0 && n < input.length / 10, "shrinks: " + n);
        assertArrayEquals(input, inflate(out, 0, n, input.length));
    }

    @Test
    void itIsAboutAsSmallAsZlibsFastestLevelOnRepeatedEvents() throws Exception {
        LzCoder coder = new LzCoder();
        Random random = new Random(5);
        byte[] input = events(random, 64 * 1024);
        byte[] out = new byte[input.length];
        int ours = coder.code(input, input.length, out, 0, out.length);
        Deflater zlib = new Deflater(Deflater.BEST_SPEED, true);
        zlib.setInput(input);
        zlib.finish();
        int theirs = zlib.deflate(new byte[input.length]);
        zlib.end();
        assertArrayEquals(input, inflate(out, 0, ours, input.length));
        assertTrue(ours < input.length / 3, "shrinks: " + ours + " of " + input.length);
        assertTrue(ours <= theirs * 1.3, ours + " bytes against zlib's " + theirs);
    }

    /** Random input of a random kind: repeated phrases, skewed bytes, uniform bytes, or one value. */
    private static byte[] input(Random random, int length) {
        byte[] b = new byte[length];
        switch (random.nextInt(4)) {
            case 0 -> System.arraycopy(events(random, length), 0, b, 0, length);
            case 1 -> {
                for (int i = 0; i < length; i++) {
                    b[i] = (byte) Math.min(255, (int) -Math.log(random.nextDouble()) * 4);
                }
            }
            case 2 -> random.nextBytes(b);
            default -> java.util.Arrays.fill(b, (byte) random.nextInt(256));
        }
        return b;
    }

    /** Bytes shaped like a recorded thread's events: a few phrases repeated, with random bytes among them. */
    private static byte[] events(Random random, int length) {
        byte[][] phrases = new byte[12][];
        for (int k = 0; k < phrases.length; k++) {
            phrases[k] = new byte[2 + random.nextInt(10)];
            random.nextBytes(phrases[k]);
        }
        byte[] b = new byte[length];
        int i = 0;
        while (i < length) {
            if (random.nextInt(8) == 0) {
                b[i++] = (byte) random.nextInt(256);
                continue;
            }
            byte[] p = phrases[random.nextInt(phrases.length)];
            int n = Math.min(p.length, length - i);
            System.arraycopy(p, 0, b, i, n);
            i += n;
        }
        return b;
    }

    private static boolean incompressible(byte[] input) {
        Deflater d = new Deflater(Deflater.BEST_SPEED, true);
        d.setInput(input);
        d.finish();
        int n = d.deflate(new byte[input.length + 1024]);
        d.end();
        return n >= input.length - 64;
    }

    private static byte[] inflate(byte[] coded, int offset, int length, int expected) throws Exception {
        Inflater inflater = new Inflater(true);
        inflater.setInput(coded, offset, length);
        byte[] result = new byte[expected];
        int n = 0;
        while (n < expected && !inflater.finished()) {
            int k = inflater.inflate(result, n, expected - n);
            if (k == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                break;
            }
            n += k;
        }
        assertEquals(expected, n, "inflated bytes");
        assertTrue(inflater.finished() || expected == n, "the stream ends");
        inflater.end();
        return result;
    }
}
