package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A data file of millions of small entries (a long recording of a promise race: two racers, a
 * resolve each per round) opens in a heap a few times smaller than a map of its entries would
 * need, in a JVM of its own with that heap, and every entry reads back. The JVM is surefire's
 * execution {@code small-heap} (see this module's pom): this module's tests cannot start child
 * JVMs through the test-support module, which depends on it.
 */
@Tag("slow") // a JVM of its own: left out of ./reprise test --fast
class LargeDataFileTest {
    private static final int PER_ACTOR = 1_500_000;
    /** The heap of the execution small-heap (-Xmx96m). */
    private static final long HEAP = 96L * 1024 * 1024;

    @TempDir
    Path tmp;

    @Test
    void millionsOfEntriesOpenInASmallHeap() throws Exception {
        assumeTrue(
                Runtime.getRuntime().maxMemory() <= HEAP,
                () -> "runs in the small heap of surefire's execution " + "small-heap (-Xmx96m), not in this JVM's "
                        + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MB");
        Path file = tmp.resolve("data.rpd");
        try (DataFileWriter w = DataFileWriter.create(file, 64 * 1024, true)) {
            for (int id = 1; id <= PER_ACTOR; id++) {
                for (long actor = 7; actor <= 8; actor++) {
                    w.append(actor, id, new byte[] {(byte) (id % 2), (byte) actor}, 2);
                }
            }
        }
        assertEquals("entries " + 2 * PER_ACTOR + ", all read back", readAll(file));
    }

    /** Opens the file, checks every entry's bytes, says how many. */
    private static String readAll(Path file) throws Exception {
        try (DataFileReader data = DataFileReader.open(file)) {
            for (int id = 1; id <= PER_ACTOR; id++) {
                for (long actor = 7; actor <= 8; actor++) {
                    byte[] b = data.read(actor, id);
                    if (b == null || b.length != 2 || b[0] != (byte) (id % 2) || b[1] != (byte) actor) {
                        return "entry " + actor + ":" + id + " reads wrong";
                    }
                }
            }
            return "entries " + data.entries() + ", all read back";
        }
    }
}
