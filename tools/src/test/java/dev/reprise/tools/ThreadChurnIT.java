package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.samples.ThreadChurn;
import dev.reprise.trace.SourceNames;
import dev.reprise.trace.TraceFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * 100,000 short-lived threads, each an outside source that tells (and every tenth asks) an actor
 * and exits ({@link ThreadChurn}), recorded with {@code ./reprise record}: the recording JVM's heap
 * after a full collection is as large after 100,000 threads as after 10,000 (nothing is kept per
 * thread or per source that has gone), the metadata stays small (the sources are named in the data
 * file, not rewritten with the metadata at each flush), and the recording replays with
 * {@code ./reprise replay} to the same output.
 */
@Tag("samples")
class ThreadChurnIT {
    private static final int THREADS = 100_000;
    /** Heap the recording may gain from 10,000 threads to 100,000: 90 bytes a thread (a leak of one small map entry per thread exceeds it). */
    private static final long MAX_GROWTH = 8L << 20;

    private static final long MAX_METADATA = 64 << 10;
    /**
     * Small event buffers: the recorder's pool of them grows (up to bufferMemory, by design) to
     * what the busiest moment needed, which with 64 KB buffers alone can be megabytes; small ones
     * keep that out of what the test measures.
     */
    private static final List<String> SMALL_BUFFERS = List.of("-o", "bufferSize=8k");

    @BeforeAll
    static void packaged() {
        Cli.requireJars();
    }

    @Test
    void aHundredThousandShortLivedThreadsLeaveMemoryAndMetadataFlatAndReplay() throws Exception {
        Path trace = RecordedPrograms.folder("thread-churn").resolve("trace");
        Cli.Result record = RecordedPrograms.record(
                trace,
                SMALL_BUFFERS,
                ThreadChurn.class,
                String.valueOf(THREADS),
                "10000",
                "50000",
                String.valueOf(THREADS));
        assertTrue(record.out().contains(THREADS + " threads, " + THREADS + " told, fold "), record::toString);
        Map<Integer, Long> heap = heapAfter(record);
        assertEquals(3, heap.size(), record::toString);
        long growth = heap.get(THREADS) - heap.get(10_000);
        assertTrue(
                growth < MAX_GROWTH,
                "the heap grew by " + growth + " bytes from 10,000 threads to " + THREADS + " (at most " + MAX_GROWTH
                        + "): " + heap);

        long metadata = Files.size(TraceFiles.metadata(trace));
        assertTrue(metadata < MAX_METADATA, "trace.json has " + metadata + " bytes");
        Map<String, Long> sources = SourceNames.read(trace).all();
        assertTrue(sources.size() > THREADS, "every thread is a source the trace names: " + sources.size());
        assertEquals(
                0,
                Cli.tools("verify", trace.toString()).exit(),
                () -> Cli.tools("verify", trace.toString()).toString());

        Cli.Result replay = RecordedPrograms.replay(
                trace,
                List.of(),
                ThreadChurn.class,
                String.valueOf(THREADS),
                "10000",
                "50000",
                String.valueOf(THREADS));
        assertEquals(0, replay.exit(), replay::toString);
        assertFalse(replay.err().contains("REPLAY DIVERGED"), replay::toString);
        assertEquals(
                record.out().lines().filter(l -> l.contains(" told, fold ")).toList(),
                replay.out().lines().filter(l -> l.contains(" told, fold ")).toList(),
                "the same fold, in the same order");
    }

    /** The checkpoints' heap after collection, by threads started. */
    private static Map<Integer, Long> heapAfter(Cli.Result r) {
        Map<Integer, Long> heap = new HashMap<>();
        Matcher m = Pattern.compile(ThreadChurn.HEAP_LINE + "(\\d+) threads: (\\d+)")
                .matcher(r.err());
        while (m.find()) {
            heap.put(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)));
        }
        return heap;
    }
}
