package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Chunk order, truncation, flipped bytes and random mutations: the reader is never wrong. */
@Tag("slow") // takes more than 5 s: left out of ./reprise test --fast
class TraceDamageTest {
    @TempDir
    Path tmp;

    /** A small trace with several actors spread over three threads' chunks. */
    private static GeneratedTrace small() {
        GeneratedTrace g = GeneratedTrace.generate(
                11, 3, new long[] {1, 2, 3, 300}, new long[] {1, 2, 3, 300, 70000}, 40, 128, Encoding.COMPACT);
        assertTrue(g.chunks.size() >= 6, "want a trace of at least 6 chunks, got " + g.chunks.size());
        return g;
    }

    private static Map<Long, List<TraceEvent>> read(Path dir) throws IOException {
        try (TraceReader reader = TraceReader.open(dir)) {
            return reader.readAllEvents();
        }
    }

    /** Every actor's events read back are a prefix of its true events: nothing wrong, nothing invented. */
    private static void assertPrefixes(GeneratedTrace g, Map<Long, List<TraceEvent>> actual, String what) {
        for (Map.Entry<Long, List<TraceEvent>> e : actual.entrySet()) {
            List<TraceEvent> truth = g.expected.get(e.getKey());
            if (truth == null) {
                fail(what + ": invented actor " + e.getKey());
            }
            List<TraceEvent> got = e.getValue();
            if (got.size() > truth.size() || !truth.subList(0, got.size()).equals(got)) {
                fail(what + ": actor " + e.getKey() + " read " + got + " but recorded " + truth);
            }
        }
    }

    @Test
    void everyPermutationOfChunksGivesTheSamePerActorOrder() throws Exception {
        GeneratedTrace g = small();
        List<Integer> indexes = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            indexes.add(i);
        }
        // All 720 orders of the first six chunks, the rest appended; each written as a real trace.
        List<List<Integer>> perms = new ArrayList<>();
        permutations(indexes, 0, perms);
        assertEquals(720, perms.size());
        int n = 0;
        for (List<Integer> p : perms) {
            List<Integer> order = new ArrayList<>(p);
            for (int i = 6; i < g.chunks.size(); i++) {
                order.add(i);
            }
            Path dir = tmp.resolve("p" + n++);
            g.writeTo(dir, order);
            assertEquals(g.expected, read(dir), "chunk order " + order);
        }
    }

    private static void permutations(List<Integer> l, int k, List<List<Integer>> out) {
        if (k == l.size()) {
            out.add(List.copyOf(l));
            return;
        }
        for (int i = k; i < l.size(); i++) {
            Collections.swap(l, k, i);
            permutations(l, k + 1, out);
            Collections.swap(l, k, i);
        }
    }

    @Test
    void truncationAtEveryByteReadsUpToTheLastGoodChunkOrReportsTheFileAsBad() throws Exception {
        GeneratedTrace g = small();
        Path whole = tmp.resolve("whole");
        g.writeTo(whole);
        byte[] events = Files.readAllBytes(TraceFiles.events(whole));
        List<Long> chunkEnds = chunkEnds(whole);
        for (int cut = 0; cut < events.length; cut++) {
            Path dir = copyWithEvents(whole, "cut" + cut, java.util.Arrays.copyOf(events, cut));
            if (cut < FileHeader.SIZE) {
                assertRefused(dir, "truncated inside the file header");
                continue;
            }
            Map<Long, List<TraceEvent>> got = read(dir);
            assertPrefixes(g, got, "cut at " + cut);
            final int at = cut;
            long goodChunks = chunkEnds.stream().filter(end -> end <= at).count();
            try (TraceReader reader = TraceReader.open(dir)) {
                reader.readToEnd();
                boolean atBoundary = cut == FileHeader.SIZE || chunkEnds.contains((long) cut);
                assertEquals(!atBoundary, reader.truncated(), "cut at " + cut);
                if (!atBoundary) {
                    TraceProblem p = reader.problems().get(0);
                    assertEquals(TraceProblem.Kind.TRUNCATED, p.kind());
                    assertEquals(goodChunks, p.chunk(), "problem names the first missing chunk: " + p);
                }
            }
            TraceAnalysis.Report report = TraceAnalysis.run(dir);
            assertFalse(report.sound(), "a trace cut at byte " + cut + " of " + events.length + " must not verify");
            assertEquals(
                    TraceProblem.Kind.TRUNCATED,
                    report.problems().get(0).kind(),
                    "cut at " + cut + ": " + report.problems());
        }
    }

    @Test
    void everyFlippedByteIsCaughtAndNeverYieldsAWrongEvent() throws Exception {
        GeneratedTrace g = small();
        Path whole = tmp.resolve("whole");
        g.writeTo(whole);
        byte[] events = Files.readAllBytes(TraceFiles.events(whole));
        for (int at = 0; at < events.length; at++) {
            byte[] damaged = events.clone();
            damaged[at] ^= (byte) (1 << (at % 8));
            Path dir = copyWithEvents(whole, "flip" + at, damaged);
            if (at < FileHeader.SIZE) {
                assertRefused(dir, "flipped header byte " + at);
                continue;
            }
            assertPrefixes(g, read(dir), "flip at " + at);
            TraceAnalysis.Report report = TraceAnalysis.run(dir);
            assertFalse(report.sound(), "flipped byte " + at + " must be caught");
            // A flipped length field of the last chunk makes it reach past the end: that reads as a cut-off file.
            TraceProblem.Kind first = report.problems().get(0).kind();
            assertTrue(
                    first == TraceProblem.Kind.CORRUPT || first == TraceProblem.Kind.TRUNCATED,
                    "flip at " + at + ": " + report.problems());
            assertTrue(report.problems().get(0).offset() >= FileHeader.SIZE, "the problem names its byte offset");
        }
    }

    /**
     * Seeded mutation fuzzing of the reader (bounded: a fixed number of mutants, so CI time is
     * fixed too): bit flips, byte runs overwritten, bytes inserted and deleted, chunks duplicated
     * and swapped. The reader must never throw anything but a clear format error, never invent
     * an event, and the analysis must never crash.
     */
    @Test
    void seededMutationFuzzingNeverBreaksTheReader() throws Exception {
        GeneratedTrace g = GeneratedTrace.generate(
                5, 3, new long[] {1, 2, 3, 300, 65536}, GeneratedTrace.BOUNDARY_IDS, 120, 128, Encoding.COMPACT);
        Path whole = tmp.resolve("whole");
        g.writeTo(whole);
        byte[] events = Files.readAllBytes(TraceFiles.events(whole));
        Random r = new Random(20261122);
        int mutants = Integer.getInteger("reprise.fuzz.mutants", 3000);
        for (int i = 0; i < mutants; i++) {
            byte[] m = mutate(events, r);
            Path dir = copyWithEvents(whole, "m", m);
            try {
                assertPrefixes(g, read(dir), "mutant " + i);
                TraceAnalysis.run(dir);
            } catch (TraceFormatException expected) {
                assertTrue(expected.getMessage().contains(TraceFiles.EVENTS), expected.getMessage());
            } catch (RuntimeException | IOException e) {
                throw new AssertionError("mutant " + i + " made the reader throw", e);
            }
            deleteTree(dir);
        }
    }

    private static byte[] mutate(byte[] in, Random r) {
        byte[] b = in.clone();
        int kinds = 1 + r.nextInt(3);
        for (int k = 0; k < kinds; k++) {
            int at = FileHeader.SIZE + r.nextInt(Math.max(1, b.length - FileHeader.SIZE));
            switch (r.nextInt(6)) {
                case 0 -> b[Math.min(at, b.length - 1)] ^= (byte) (1 << r.nextInt(8));
                case 1 -> {
                    for (int i = at; i < Math.min(b.length, at + 1 + r.nextInt(16)); i++) {
                        b[i] = (byte) r.nextInt();
                    }
                }
                case 2 -> b = splice(b, at, 0, randomBytes(r, 1 + r.nextInt(8)));
                case 3 -> b = splice(b, at, Math.min(b.length - at, 1 + r.nextInt(8)), new byte[0]);
                case 4 -> {
                    int from = FileHeader.SIZE + r.nextInt(Math.max(1, b.length - FileHeader.SIZE));
                    int len = Math.min(b.length - from, 1 + r.nextInt(200));
                    b = splice(b, at, 0, java.util.Arrays.copyOfRange(b, from, from + len));
                }
                default -> b = java.util.Arrays.copyOf(b, at);
            }
        }
        return b;
    }

    private static byte[] randomBytes(Random r, int n) {
        byte[] x = new byte[n];
        r.nextBytes(x);
        return x;
    }

    private static byte[] splice(byte[] b, int at, int remove, byte[] insert) {
        at = Math.min(at, b.length);
        byte[] out = new byte[b.length - remove + insert.length];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(insert, 0, out, at, insert.length);
        System.arraycopy(b, at + remove, out, at + insert.length, b.length - at - remove);
        return out;
    }

    private static void assertRefused(Path dir, String what) throws IOException {
        try (TraceReader reader = TraceReader.open(dir)) {
            fail(what + ": expected the events file to be refused");
        } catch (TraceFormatException expected) {
            assertTrue(expected.getMessage().contains(TraceFiles.EVENTS), expected.getMessage());
        }
        TraceAnalysis.Report report = TraceAnalysis.run(dir);
        assertFalse(report.sound(), what);
    }

    private static List<Long> chunkEnds(Path dir) throws IOException {
        List<Long> ends = new ArrayList<>();
        try (ChunkScanner s = ChunkScanner.open(TraceFiles.events(dir), FileKind.EVENTS)) {
            for (Chunk c; (c = s.next()) != null; ) {
                ends.add(c.end());
            }
        }
        return ends;
    }

    private Path copyWithEvents(Path whole, String name, byte[] events) throws IOException {
        Path dir = tmp.resolve(name);
        Files.createDirectories(dir);
        Files.copy(
                TraceFiles.metadata(whole),
                TraceFiles.metadata(dir),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.copy(TraceFiles.data(whole), TraceFiles.data(dir), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.write(TraceFiles.events(dir), events);
        return dir;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
