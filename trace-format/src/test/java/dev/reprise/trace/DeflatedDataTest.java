package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Data chunks deflated as a server's recorded requests make them (since format version 6): much
 * smaller than the entries, every entry read back right in any order and from several threads, and
 * a damaged deflated chunk reported while the others stay readable.
 */
class DeflatedDataTest {
    @TempDir
    Path tmp;

    private static final int REQUESTS = 3000;

    /** An HTTP request as a client sends it: the same headers each time, a few bytes that differ. */
    private static byte[] request(int i) {
        return ("POST /rest/api/flights/queryflights HTTP/1.1\r\nHost: localhost:9080\r\n"
                        + "User-Agent: Apache-HttpClient/4.5.14 (Java/25)\r\nAccept: */*\r\n"
                        + "Content-Type: application/x-www-form-urlencoded; charset=UTF-8\r\n"
                        + "Cookie: sessionid=" + (7919L * i % 100_003) + "; loggedinuser=uid" + (i % 97)
                        + "@email.com\r\nContent-Length: 58\r\n\r\nfromAirport=CDG&toAirport=JFK&oneWay=true&fromDate="
                        + (i % 28 + 1) + "\r\n")
                .getBytes(StandardCharsets.US_ASCII);
    }

    private Path written(boolean deflate) throws Exception {
        Path file = tmp.resolve(deflate ? "deflated.rpd" : "stored.rpd");
        try (DataFileWriter w = DataFileWriter.create(file, TraceWriter.DATA_CHUNK_SIZE, deflate)) {
            for (int i = 1; i <= REQUESTS; i++) {
                w.append(1000 + i % 5, i, ByteBuffer.wrap(request(i)));
                if (i % 500 == 0) {
                    w.flush(); // the writer thread flushes every interval: chunks of a few hundred requests
                }
            }
            byte[] big = new byte[TraceWriter.DATA_CHUNK_SIZE + 5]; // a chunk of its own, stored as it is
            new Random(1).nextBytes(big);
            w.append(9, 1, ByteBuffer.wrap(big));
        }
        return file;
    }

    @Test
    void requestsShrinkSeveralTimesAndReadBackInAnyOrderFromSeveralThreads() throws Exception {
        Path stored = written(false);
        Path deflated = written(true);
        long raw = Files.size(stored);
        long small = Files.size(deflated);
        assertTrue(
                small - TraceWriter.DATA_CHUNK_SIZE < (raw - TraceWriter.DATA_CHUNK_SIZE) / 4,
                "requests deflated to " + small + " bytes of " + raw + " (the big random entry is stored as it is)");
        List<Integer> order = new ArrayList<>();
        for (int i = 1; i <= REQUESTS; i++) {
            order.add(i);
        }
        Collections.shuffle(order, new Random(2));
        try (DataFileReader d = DataFileReader.open(deflated)) {
            assertEquals(List.of(), d.problems());
            assertEquals(REQUESTS + 1, d.entries());
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<String>> readers = new ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    int from = t;
                    readers.add(pool.submit(() -> {
                        for (int k = from; k < order.size(); k += 4) {
                            int i = order.get(k);
                            if (!java.util.Arrays.equals(request(i), d.read(1000 + i % 5, i))) {
                                return "entry " + i + " reads wrong";
                            }
                        }
                        return "ok";
                    }));
                }
                for (Future<String> r : readers) {
                    assertEquals("ok", r.get());
                }
            } finally {
                pool.shutdownNow();
            }
            byte[] big = new byte[TraceWriter.DATA_CHUNK_SIZE + 5];
            new Random(1).nextBytes(big);
            assertArrayEquals(big, d.read(9, 1));
            assertNull(d.read(1000, REQUESTS + 1));
            long first = d.offsetOf(1001, 1);
            assertEquals(FileHeader.SIZE, first, "an entry of a deflated chunk is located at its chunk");
        }
    }

    @Test
    void aDamagedDeflatedChunkIsReportedAndTheOthersStayReadable() throws Exception {
        Path file = written(true);
        byte[] bytes = Files.readAllBytes(file);
        bytes[FileHeader.SIZE + ChunkFormat.HEADER_SIZE + 40] ^= 4; // inside the first chunk's deflated payload
        Files.write(file, bytes);
        try (DataFileReader d = DataFileReader.open(file)) {
            assertEquals(1, d.problems().size(), d.problems().toString());
            assertEquals(TraceProblem.Kind.CORRUPT, d.problems().get(0).kind());
            assertFalse(d.contains(1001, 1), "the damaged chunk's entries are absent, never wrong");
            for (int i = 501; i <= REQUESTS; i++) {
                assertArrayEquals(request(i), d.read(1000 + i % 5, i), "entry " + i);
            }
        }
    }

    @Test
    void aFileCutInsideADeflatedChunkKeepsTheChunksBeforeIt() throws Exception {
        Path file = written(true);
        byte[] bytes = Files.readAllBytes(file);
        long thirdChunk;
        try (DataFileReader d = DataFileReader.open(file)) {
            thirdChunk = d.offsetOf(1000 + 1001 % 5, 1001);
        }
        Files.write(file, java.util.Arrays.copyOf(bytes, (int) thirdChunk + ChunkFormat.HEADER_SIZE + 10));
        try (DataFileReader d = DataFileReader.open(file)) {
            assertEquals(
                    TraceProblem.Kind.TRUNCATED,
                    d.problems().get(0).kind(),
                    d.problems().toString());
            for (int i = 1; i <= 1000; i++) {
                assertArrayEquals(request(i), d.read(1000 + i % 5, i), "entry " + i);
            }
            assertFalse(d.contains(1000 + 1001 % 5, 1001));
        }
    }
}
