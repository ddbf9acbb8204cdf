package dev.reprise.savina.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.testsupport.ChildProcess;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The peers' files: bounded on disk, every byte counted, and written by real benchmark JVMs. */
@Tag("slow") // starts JVMs: left out of ./reprise test --fast
class PeerFilesTest {
    @TempDir
    Path tmp;

    @Test
    void aRotatingFileStaysWithinItsLimitAndCountsEveryByte() throws IOException {
        Path file = tmp.resolve("peer");
        try (RotatingFile f = new RotatingFile(file, 1000)) {
            for (int i = 0; i < 10; i++) {
                f.write(ByteBuffer.wrap(new byte[300]));
            }
            f.stream().write(new byte[50], 0, 50);
            assertEquals(3050, f.written());
        }
        assertTrue(Files.size(file) <= 1000, "size on disk: " + Files.size(file));
    }

    @Test
    void eachPeerRecordsEveryMessageOfABenchmarkJvmWithinItsLimitOnDisk() throws Exception {
        long limit = 64 * 1024;
        for (String peer : List.of("log", "content", "jfr")) {
            Path file = tmp.resolve("peer." + peer);
            List<String> out = savina(peer, file, limit);
            String summary = out.stream()
                    .filter(l -> l.startsWith("peer " + peer + " "))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no peer line: " + out));
            // peer NAME messages M bytes B unserializable U
            String[] f = summary.split(" ");
            long messages = Long.parseLong(f[3]);
            long bytes = Long.parseLong(f[5]);
            assertTrue(messages > 10_000, summary);
            assertEquals("0", f[7], summary);
            if (peer.equals("jfr")) {
                assertEquals(Files.size(file), bytes, "the recording kept every event: " + summary);
                continue; // JFR keeps whole chunks of megabytes: a small limit drops nothing
            }
            assertTrue(bytes > 4 * limit, "every byte counted, over several rotations: " + summary);
            assertTrue(Files.size(file) <= limit, "on disk: " + Files.size(file) + " bytes; " + summary);
        }
        // What the log peer writes, read from a file that never rotated: after the last rotation the
        // file may hold only the actor system's shutdown lines.
        Path whole = tmp.resolve("whole.log");
        savina("log", whole, 1L << 30);
        List<String> lines = Files.readAllLines(whole, StandardCharsets.UTF_8);
        assertTrue(
                lines.stream()
                                .filter(l -> l.startsWith("[DEBUG] ") && l.contains("received handled message"))
                                .count()
                        > 10_000,
                "the log peer's lines: " + lines.subList(0, Math.min(5, lines.size())));
    }

    /**
     * Runs quick PingPong, two iterations on one dispatcher thread, with {@code peer} writing to
     * {@code file} of at most {@code limit} bytes.
     */
    private static List<String> savina(String peer, Path file, long limit) throws Exception {
        ChildProcess.Result r = ChildProcess.java()
                .systemProperty("savina.peer", peer)
                .systemProperty("savina.peer.file", file)
                .systemProperty(RotatingFile.LIMIT_PROPERTY, limit)
                .classPath(System.getProperty("java.class.path"))
                .main(
                        "dev.reprise.savina.SavinaMain",
                        "--bench",
                        "PingPong",
                        "--quick",
                        "--iterations",
                        "2",
                        "--dispatcher",
                        "single")
                .mergeErrors()
                .timeout(Duration.ofSeconds(120))
                .run();
        assertFalse(r.timedOut(), "the benchmark JVM did not end");
        assertEquals(0, r.exit(), r.out());
        return r.outLines();
    }
}
