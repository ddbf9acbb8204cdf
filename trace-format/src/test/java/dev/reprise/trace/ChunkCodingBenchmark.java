package dev.reprise.trace;

import dev.reprise.trace.bench.EventMix;
import java.util.concurrent.TimeUnit;
import java.util.zip.Deflater;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time for the recorder's writer to code one event chunk ({@link #CHUNK} bytes of a mix's compact
 * events), by each coding it can use: zlib's Huffman coding alone (what {@link HuffmanCoder}
 * replaced), {@link HuffmanCoder}, full DEFLATE at zlib's fastest level (what {@link LzCoder}
 * replaced), {@link LzCoder}, and what {@link ChunkDeflater} chooses for a thread that writes
 * such chunks (probes included).
 * {@code ./reprise bench trace} prints it as MB/s beside each coding's size.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class ChunkCodingBenchmark {
    /** A recording thread's chunk: about what its 64 KiB buffer holds when the writer takes it. */
    public static final int CHUNK = 64 * 1024;

    /** A way to code a chunk. */
    public enum Coding {
        ZLIB_HUFFMAN,
        HUFFMAN,
        ZLIB_DEFLATE,
        DEFLATE,
        CHOSEN
    }

    @Param
    public EventMix mix;

    @Param
    public Coding coding;

    private byte[] chunk;
    private Coder coder;

    @Setup
    public void setUp() {
        chunk = mix.chunk(CHUNK);
        coder = new Coder(coding);
    }

    @TearDown
    public void tearDown() {
        coder.close();
    }

    @Benchmark
    public int code() {
        return coder.code(chunk);
    }

    /** The bytes {@code coding} makes of a chunk of {@code mix} (the last of 200 for {@code CHOSEN}, past its probes). */
    public static int codedSize(EventMix mix, Coding coding) {
        byte[] chunk = mix.chunk(CHUNK);
        try (Coder c = new Coder(coding)) {
            int n = 0;
            for (int i = 0; i < (coding == Coding.CHOSEN ? 200 : 1); i++) {
                n = c.code(chunk);
            }
            return n;
        }
    }

    /** One coding, with what it reuses from chunk to chunk as the writer does. */
    private static final class Coder implements AutoCloseable {
        private final Coding coding;
        private final Deflater deflater = new Deflater(Deflater.BEST_SPEED, true);
        private final HuffmanCoder huffman = new HuffmanCoder();
        private final LzCoder lz = new LzCoder();
        private final ChunkDeflater chooser = new ChunkDeflater();
        private final byte[] out = new byte[2 * CHUNK];

        Coder(Coding coding) {
            this.coding = coding;
            if (coding == Coding.ZLIB_HUFFMAN) {
                deflater.setStrategy(Deflater.HUFFMAN_ONLY);
            }
        }

        /** Codes {@code chunk}; the coded size (the chunk's own when {@code CHOSEN} stores it as it is). */
        int code(byte[] chunk) {
            return switch (coding) {
                case HUFFMAN -> huffman.code(chunk, chunk.length, out, 0, out.length);
                case DEFLATE -> lz.code(chunk, chunk.length, out, 0, out.length);
                case CHOSEN -> {
                    int n = chooser.deflate(1, chunk, chunk.length);
                    yield n == 0 ? chunk.length : n;
                }
                default -> {
                    deflater.reset();
                    deflater.setInput(chunk);
                    deflater.finish();
                    int n = 0;
                    while (!deflater.finished()) {
                        n += deflater.deflate(out, n, out.length - n);
                    }
                    yield n;
                }
            };
        }

        @Override
        public void close() {
            deflater.end();
        }
    }
}
