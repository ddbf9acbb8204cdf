package dev.reprise.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.trace.DataFileReader;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceMetadata;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Outside data counts against {@code dataMemory} by its real size until the writer has written
 * it: at the bound, {@code drop} drops whole entries and counts exactly those, {@code block} makes
 * the recording thread wait and loses nothing. A real recorder writing real files.
 */
class DataMemoryTest {
    private static final int ENTRIES = 10;
    private static final int SIZE = 300;

    @TempDir
    Path tmp;

    private static byte[] entry(int i) {
        return entry(i, SIZE);
    }

    private static byte[] entry(int i, int size) {
        byte[] b = new byte[size];
        Arrays.fill(b, (byte) i);
        return b;
    }

    @Test
    void atTheBoundDropDropsWholeEntriesAndCountsExactlyThose() throws Exception {
        Path dir = tmp.resolve("drop");
        // The writer drains data when it wakes: with a long interval, nothing is written before close.
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir)
                .withOverflow(OverflowPolicy.DROP)
                .withDataMemory(1024)
                .withFlushInterval(Duration.ofSeconds(30)));
        for (int i = 1; i <= ENTRIES; i++) {
            recorder.recordData(7, i, entry(i));
        }
        recorder.close();
        assertEquals(ENTRIES - 3, recorder.statistics().droppedData(), "3 entries of 300 bytes fit in 1024");
        assertEquals(ENTRIES - 3, TraceMetadata.read(dir).count("droppedData"));
        try (DataFileReader data = DataFileReader.open(TraceFiles.data(dir))) {
            assertEquals(3, data.entries());
            for (int i = 1; i <= 3; i++) {
                assertArrayEquals(entry(i), data.read(7, i));
            }
            assertNull(data.read(7, 4), "a dropped entry is missing, not cut");
        }
    }

    @Test
    void atTheBoundBlockWaitsForTheWriterAndLosesNothing() throws Exception {
        Path dir = tmp.resolve("block");
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir)
                .withOverflow(OverflowPolicy.BLOCK)
                .withDataMemory(1024)
                .withFlushInterval(Duration.ofMillis(20)));
        for (int i = 1; i <= ENTRIES; i++) {
            recorder.recordData(7, i, entry(i));
        }
        recorder.close();
        assertEquals(0, recorder.statistics().droppedData());
        assertTrue(recorder.statistics().blockedNanos() > 0, "the recording thread waited for the writer");
        try (DataFileReader data = DataFileReader.open(TraceFiles.data(dir))) {
            assertEquals(ENTRIES, data.entries());
            for (int i = 1; i <= ENTRIES; i++) {
                assertArrayEquals(entry(i), data.read(7, i));
            }
        }
    }

    @Test
    void anEntryLargerThanTheBoundGoesWhenNothingElseWaits() throws Exception {
        Path dir = tmp.resolve("large");
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir)
                .withOverflow(OverflowPolicy.DROP)
                .withDataMemory(1024)
                .withFlushInterval(Duration.ofSeconds(30)));
        recorder.recordData(7, 1, entry(1, 2000));
        recorder.recordData(7, 2, entry(2, 2000));
        recorder.close();
        assertEquals(1, recorder.statistics().droppedData());
        try (DataFileReader data = DataFileReader.open(TraceFiles.data(dir))) {
            assertArrayEquals(entry(1, 2000), data.read(7, 1));
        }
    }
}
