package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data file and the metadata damaged as {@link TraceDamageTest} damages the events file
 * (every flipped byte, every truncation, seeded mutations): readers never return wrong data, never
 * throw anything but a clear format error naming the file, and the analysis reports the damage.
 */
@Tag("slow") // takes more than 5 s: left out of ./reprise test --fast
class DataAndMetadataDamageTest {
    private static final int METADATA_MUTANTS = 400;

    @TempDir
    Path tmp;

    private static GeneratedTrace withData() {
        GeneratedTrace g = GeneratedTrace.generate(
                5, 3, new long[] {1, 2, 3, 300}, new long[] {1, 2, 3, 300, 70000}, 60, 256, Encoding.COMPACT);
        assertTrue(g.data.size() >= 10, "want a trace with data entries, got " + g.data.size());
        return g;
    }

    /** Each entry that reads back is the recorded one; none is invented or altered. */
    private static int assertEntriesRightOrAbsent(GeneratedTrace g, Path dir, String what) throws IOException {
        int present = 0;
        try (DataFileReader data = DataFileReader.open(TraceFiles.data(dir))) {
            for (GeneratedTrace.DataItem d : g.data) {
                byte[] got = data.read(d.actor(), d.dataId());
                if (got != null) {
                    assertArrayEquals(d.payload(), got, what + ": data " + d.dataId() + " of " + d.actor());
                    present++;
                }
            }
        } catch (TraceFormatException e) {
            assertTrue(e.getMessage().contains(TraceFiles.DATA), what + ": " + e.getMessage());
        }
        return present;
    }

    private Path copyWith(Path whole, String name, String file, byte[] bytes) throws IOException {
        Path dir = tmp.resolve(name);
        Files.createDirectories(dir);
        for (Path f : new Path[] {TraceFiles.metadata(whole), TraceFiles.events(whole), TraceFiles.data(whole)}) {
            Files.copy(f, dir.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
        Files.write(dir.resolve(file), bytes);
        return dir;
    }

    /**
     * The trace {@code whole} with {@code data} as its data file: every entry reads right or not at
     * all, and the analysis reports the damage. Returns how many entries read.
     */
    private int assertDamageCaught(GeneratedTrace g, Path whole, byte[] data, String what) throws IOException {
        Path dir = copyWith(whole, "damaged", TraceFiles.DATA, data);
        int present = assertEntriesRightOrAbsent(g, dir, what);
        assertFalse(TraceAnalysis.run(dir).sound(), what + ": the damage must be reported");
        deleteTree(dir);
        return present;
    }

    @Test
    void everyFlippedDataByteIsCaughtAndNeverYieldsWrongData() throws Exception {
        GeneratedTrace g = withData();
        Path whole = tmp.resolve("whole");
        g.writeTo(whole);
        byte[] data = Files.readAllBytes(TraceFiles.data(whole));
        for (int at = 0; at < data.length; at++) {
            byte[] damaged = data.clone();
            damaged[at] ^= (byte) (1 << (at % 8));
            assertDamageCaught(g, whole, damaged, "flipped data byte " + at + " of " + data.length);
        }
    }

    @Test
    void aTruncatedDataFileKeepsItsWholeChunksAndIsReported() throws Exception {
        GeneratedTrace g = withData();
        Path whole = tmp.resolve("whole");
        g.writeTo(whole);
        byte[] data = Files.readAllBytes(TraceFiles.data(whole));
        int before = 0;
        for (int cut = 0; cut < data.length; cut++) {
            int present = assertDamageCaught(g, whole, Arrays.copyOf(data, cut), "data file cut at byte " + cut);
            assertTrue(present >= before, "cut at " + cut + ": a longer file reads fewer entries");
            before = present;
        }
    }

    @Test
    void damagedMetadataIsRefusedByNameOrReadAndNeverCrashesTheAnalysis() throws Exception {
        GeneratedTrace g = withData();
        Path whole = tmp.resolve("whole");
        g.writeTo(whole);
        byte[] metadata = Files.readAllBytes(TraceFiles.metadata(whole));
        Random random = new Random(13);
        for (int m = 0; m < METADATA_MUTANTS; m++) {
            byte[] mutant = mutate(metadata, random);
            Path dir = copyWith(whole, "meta" + m, TraceFiles.METADATA, mutant);
            String what = "mutant " + m + ": " + new String(mutant, StandardCharsets.UTF_8);
            try {
                TraceMetadata.read(dir);
            } catch (TraceFormatException e) {
                assertTrue(e.getMessage().contains(TraceFiles.METADATA), what + " -> " + e.getMessage());
            } catch (RuntimeException e) {
                fail(what + " -> " + e);
            }
            try {
                TraceAnalysis.run(dir);
            } catch (TraceFormatException e) {
                assertTrue(e.getMessage().contains(TraceFiles.METADATA), what + " -> " + e.getMessage());
            } catch (RuntimeException e) {
                fail(what + " -> the analysis crashed: " + e);
            }
            deleteTree(dir);
        }
    }

    /** A bit flip, a run of bytes overwritten, a cut, or bytes inserted. */
    private static byte[] mutate(byte[] b, Random r) {
        byte[] m = b.clone();
        int at = r.nextInt(b.length);
        switch (r.nextInt(4)) {
            case 0 -> m[at] ^= (byte) (1 << r.nextInt(8));
            case 1 -> {
                for (int i = at; i < Math.min(m.length, at + 1 + r.nextInt(8)); i++) {
                    m[i] = (byte) "{}[]\",:0123456789-eE.tfn \\u".charAt(r.nextInt(27));
                }
            }
            case 2 -> m = Arrays.copyOf(m, at);
            default -> {
                byte[] insert = "\"x\":1,".getBytes(StandardCharsets.UTF_8);
                byte[] out = new byte[m.length + insert.length];
                System.arraycopy(m, 0, out, 0, at);
                System.arraycopy(insert, 0, out, at, insert.length);
                System.arraycopy(m, at, out, at + insert.length, m.length - at);
                m = out;
            }
        }
        return m;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        }
    }
}
