package dev.reprise.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceMetadata;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The {@code sync} setting: every mode records a sound trace that names its mode, and the writer
 * forces the files as often as the mode says (counted in the metadata as {@code syncs}). That the
 * forced bytes survive a machine crash cannot be tested here: it would take pulling the power.
 */
class SyncPolicyTest {
    @TempDir
    Path tmp;

    private static final int HAND_OVERS = 5;

    /**
     * One thread records {@value #HAND_OVERS} buffers, handing each over and waiting until it is
     * written before recording the next; the flush interval is too long to tick during the test.
     */
    private static TraceMetadata recordSeparateBatches(Path dir, SyncPolicy sync) throws Exception {
        Recorder recorder =
                Recorder.start(RecorderSettings.defaults(dir).withSync(sync).withFlushInterval(Duration.ofHours(1)));
        try {
            ThreadRecorder thread = recorder.forCurrentThread();
            ActorRecord actor = new ActorRecord(1);
            for (int batch = 1; batch <= HAND_OVERS; batch++) {
                for (int n = 0; n < 100; n++) {
                    thread.message(actor, n % 7);
                }
                recorder.recordData(actor.id(), batch, new byte[] {(byte) batch});
                thread.idle();
                awaitWritten(recorder, batch);
                Thread.sleep(50); // lets the writer finish with this batch before the next one arrives
            }
        } finally {
            recorder.close();
        }
        TraceAnalysis.Report report = TraceAnalysis.run(dir);
        assertEquals(List.of(), report.problems(), sync + ": the trace is sound");
        assertEquals(HAND_OVERS * 100L, report.statistics().messages(), sync + ": every message is in it");
        return report.metadata();
    }

    private static void awaitWritten(Recorder recorder, long buffers) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (recorder.statistics().buffersWritten() < buffers && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(buffers, recorder.statistics().buffersWritten(), "the writer wrote each hand-over");
    }

    @ParameterizedTest
    @EnumSource(SyncPolicy.class)
    void everyModeRecordsASoundTraceThatNamesIt(SyncPolicy sync) throws Exception {
        TraceMetadata m = recordSeparateBatches(tmp.resolve("t"), sync);
        assertEquals(sync.name().toLowerCase(Locale.ROOT), m.settings().get("sync"));
        assertTrue(m.cleanEnd());
        assertTrue(m.count(WriterThread.SYNC_MICROS) >= 0, "the time spent forcing is counted: " + m.counts());
    }

    @ParameterizedTest
    @EnumSource(SyncPolicy.class)
    void theWriterForcesAsOftenAsTheModeSays(SyncPolicy sync) throws Exception {
        long syncs = recordSeparateBatches(tmp.resolve("t"), sync).count(WriterThread.SYNCS);
        switch (sync) {
            case NONE -> assertEquals(0, syncs, "never forced");
            // No tick came in the hour-long interval: only the end of the recording was forced.
            case INTERVAL -> assertEquals(1, syncs);
            // Each batch was forced before the writer took the next (the end found nothing new).
            case ALWAYS -> assertEquals(HAND_OVERS, syncs);
        }
    }

    @Test
    void intervalForcesAtTicksWhileRecording() throws Exception {
        Path dir = tmp.resolve("t");
        Recorder recorder = Recorder.start(
                RecorderSettings.defaults(dir).withSync(SyncPolicy.INTERVAL).withFlushInterval(Duration.ofMillis(20)));
        try {
            ThreadRecorder thread = recorder.forCurrentThread();
            ActorRecord actor = new ActorRecord(1);
            for (int batch = 1; batch <= 3; batch++) {
                thread.message(actor, batch);
                thread.idle();
                awaitWritten(recorder, batch);
                Thread.sleep(200); // ten intervals: a tick forces this chunk before the next is written
            }
        } finally {
            recorder.close();
        }
        long syncs = TraceMetadata.read(dir).count(WriterThread.SYNCS);
        assertTrue(syncs >= 3, "a tick forced each of the three chunks: " + syncs);
    }
}
