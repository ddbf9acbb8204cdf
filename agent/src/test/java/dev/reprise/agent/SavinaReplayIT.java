package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.savina.Benchmarks;
import dev.reprise.savina.SavinaMain;
import dev.reprise.trace.TraceMetadata;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every Savina benchmark (quick parameters) recorded and replayed, each iteration passing its strict check. */
class SavinaReplayIT {
    @TempDir
    Path tmp;

    static Stream<String> benchmarks() {
        return Benchmarks.names().stream();
    }

    @ParameterizedTest
    @MethodSource("benchmarks")
    void recordsAndReplaysPassingItsChecks(String name) throws Exception {
        Path trace = tmp.resolve(name);
        String[] args = {"--bench", name, "--quick", "--dispatcher", "default", "--warmup", "1", "--iterations", "2"};
        RecordedRun rec = RecordedRun.record(trace, "", SavinaMain.class, args);
        assertEquals(0, rec.exitCode, rec.toString());
        assertChunkCoding(name, TraceMetadata.read(trace));
        RecordedRun rep = RecordedRun.replay(trace, List.of(), SavinaMain.class, args);
        assertEquals(0, rep.exitCode, rep.toString());
        // "iteration <i> <warmup|measured> <nanos> ok cpu <cpu nanos>": each one's result passed its check
        assertEquals(
                3,
                rep.out.stream()
                        .filter(l -> l.startsWith("iteration ") && l.contains(" ok cpu "))
                        .count(),
                rep.toString());
        rep.assertApplicationTraceConsumed();
    }

    /**
     * The writer codes a thread's chunks by Huffman alone where full DEFLATE finds few repeats
     * (ChunkDeflater): BigContention's random pings are such a trace, PingPong's repeats are not.
     */
    private static void assertChunkCoding(String name, TraceMetadata metadata) {
        long huffman = metadata.count(TraceMetadata.HUFFMAN_CHUNKS);
        long chunks = metadata.count(TraceMetadata.EVENT_CHUNKS);
        // How many varies with the threads' share of the chunks (a loaded CI machine: 18 of 36, 24 of 32 idle);
        // a short chunk (a thread's start or end) may be Huffman-coded whatever the program.
        if (name.equals("BigContention")) {
            assertTrue(huffman * 4 > chunks, "BigContention: " + huffman + " of " + chunks + " chunks Huffman-coded");
        } else if (name.equals("PingPong")) {
            assertTrue(huffman * 4 < chunks, "PingPong: " + huffman + " of " + chunks + " chunks Huffman-coded");
        }
    }
}
