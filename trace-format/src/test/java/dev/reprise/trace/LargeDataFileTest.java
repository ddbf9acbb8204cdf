package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A data file of millions of small entries (a long recording of a promise race: two racers, a
 * resolve each per round) opens in a heap a few times smaller than a map of its entries would
 * need, in a JVM of its own with that heap, and every entry reads back.
 */
@Tag("slow") // starts a JVM: left out of ./reprise test --fast
class LargeDataFileTest {
    private static final int PER_ACTOR = 1_500_000;
    private static final String HEAP = "-Xmx96m";

    @TempDir
    Path tmp;

    @Test
    void millionsOfEntriesOpenInASmallHeap() throws Exception {
        Path file = tmp.resolve("data.rpd");
        try (DataFileWriter w = DataFileWriter.create(file, 64 * 1024)) {
            for (int id = 1; id <= PER_ACTOR; id++) {
                for (long actor = 7; actor <= 8; actor++) {
                    w.append(actor, id, new byte[] {(byte) (id % 2), (byte) actor}, 2);
                }
            }
        }
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), HEAP,
                "-cp", System.getProperty("java.class.path"), ReadAll.class.getName(), file.toString())
                .redirectErrorStream(true).start();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "the reading JVM did not finish");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        assertEquals("entries " + 2 * PER_ACTOR + ", all read back", out.strip());
    }

    /** The child JVM: opens the file, checks every entry's bytes, prints the count. */
    public static final class ReadAll {
        public static void main(String[] args) throws Exception {
            try (DataFileReader data = DataFileReader.open(Path.of(args[0]))) {
                for (int id = 1; id <= PER_ACTOR; id++) {
                    for (long actor = 7; actor <= 8; actor++) {
                        byte[] b = data.read(actor, id);
                        if (b == null || b.length != 2 || b[0] != (byte) (id % 2) || b[1] != (byte) actor) {
                            System.out.println("entry " + actor + ":" + id + " reads wrong");
                            System.exit(1);
                        }
                    }
                }
                System.out.println("entries " + data.entries() + ", all read back");
            }
        }
    }
}
