package dev.reprise.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.api.Codec;
import dev.reprise.api.ExternalSource;
import dev.reprise.api.Reprise;
import dev.reprise.api.spi.Backend;
import dev.reprise.api.spi.Backends;
import dev.reprise.trace.DataFileReader;
import dev.reprise.trace.Encoding;
import dev.reprise.trace.SourceNames;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsAndBackendTest {
    @TempDir
    Path tmp;

    @Test
    void optionsParseWithUnitsAndDefaults() {
        RecorderSettings s = RecorderSettings.parse(Map.of(
                "trace",
                "/tmp/t",
                "bufferSize",
                "256k",
                "bufferMemory",
                "16m",
                "flushInterval",
                "50ms",
                "overflow",
                "drop",
                "smallIds",
                "off"));
        assertEquals(256 * 1024, s.bufferSize());
        assertEquals(16L << 20, s.bufferMemory());
        assertEquals(Duration.ofMillis(50), s.flushInterval());
        assertEquals(OverflowPolicy.DROP, s.overflow());
        assertEquals(Encoding.FULL_WIDTH, s.encoding());
        RecorderSettings d = RecorderSettings.parse(Map.of("trace", "x"));
        assertEquals(RecorderSettings.defaults(Path.of("x")), d);
        assertEquals(
                Duration.ofSeconds(2),
                RecorderSettings.parse(Map.of("trace", "x", "flushInterval", "2s"))
                        .flushInterval());
        assertEquals(SyncPolicy.INTERVAL, d.sync());
        assertEquals(
                SyncPolicy.ALWAYS,
                RecorderSettings.parse(Map.of("trace", "x", "sync", "Always")).sync());
        assertEquals(
                SyncPolicy.NONE,
                RecorderSettings.parse(Map.of("trace", "x", "sync", "none")).sync());
    }

    @Test
    void badOptionsAreRefusedWithAMessageNamingThem() {
        assertMessage(
                "unknown recording option 'bufsize'; valid options: trace, bufferSize, bufferMemory, "
                        + "flushInterval, overflow, smallIds, compress, fingerprints, dataMemory, access, sync, program",
                Map.of("trace", "x", "bufsize", "1"));
        assertMessage("access: expected private or umask, was 'public'", Map.of("trace", "x", "access", "public"));
        assertMessage("compress: expected true or false, was 'zip'", Map.of("trace", "x", "compress", "zip"));
        assertMessage("trace: a trace directory is required (trace=DIR)", Map.of("bufferSize", "1k"));
        assertMessage(
                "bufferSize: expected a size such as 65536, 64k or 16m, was 'big'",
                Map.of("trace", "x", "bufferSize", "big"));
        assertMessage("bufferSize: must be at least 128 bytes, was 64", Map.of("trace", "x", "bufferSize", "64"));
        assertMessage("overflow: expected block or drop, was 'maybe'", Map.of("trace", "x", "overflow", "maybe"));
        assertMessage("sync: expected none, interval or always, was 'fsync'", Map.of("trace", "x", "sync", "fsync"));
        assertMessage("smallIds: expected true or false, was '2'", Map.of("trace", "x", "smallIds", "2"));
        assertMessage(
                "flushInterval: expected a duration such as 100ms or 1s, was 'soon'",
                Map.of("trace", "x", "flushInterval", "soon"));
    }

    private static void assertMessage(String expected, Map<String, String> options) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> RecorderSettings.parse(options));
        assertEquals(expected, e.getMessage());
    }

    @Test
    void systemCallsInsideATurnAreRecordedAndOutsideOnesAreNot() throws Exception {
        Path dir = tmp.resolve("t");
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir));
        Backend previous = Backends.install(new RecordingBackend(recorder));
        try {
            assertEquals(Reprise.Mode.RECORD, Reprise.mode());
            ThreadRecorder r = recorder.forCurrentThread();
            ActorRecord actor = new ActorRecord(5);
            ActorRecord mainThread = new ActorRecord(Recorder.FIRST_SOURCE_ID);
            r.creation(mainThread, 5, dev.reprise.trace.CreationKind.ACTOR); // main creates the actor: not a turn
            Reprise.systemCall(() -> "outside a turn", Codec.utf8());
            r.enter(actor); // the actor's turn begins
            r.message(actor, 1);
            String mirror = Reprise.systemCall(() -> "mirror-3", Codec.utf8());
            long time = Reprise.systemCallLong(() -> 1_700_000_000_123L);
            r.leave(); // the turn ends
            Reprise.systemCall(() -> "not recorded", Codec.utf8());
            assertEquals("mirror-3", mirror);
            assertEquals(1_700_000_000_123L, time);

            ExternalSource http = Reprise.externalSource("http");
            ExternalSource kafka = Reprise.externalSource("kafka");
            assertEquals(Recorder.FIRST_SOURCE_ID, http.id());
            assertEquals(Recorder.FIRST_SOURCE_ID + 1, kafka.id());
            assertEquals(http.id(), Reprise.externalSource("http").id());
            ExternalInput.Delivery[] seen = new ExternalInput.Delivery[1];
            http.deliver(3, () -> seen[0] = ExternalInput.current());
            assertEquals(new ExternalInput.Delivery(http.id(), 3), seen[0]);
            assertNull(ExternalInput.current());
        } finally {
            Backends.install(previous);
            recorder.close();
        }
        try (TraceReader reader = TraceReader.open(dir);
                DataFileReader data = DataFileReader.open(TraceFiles.data(dir))) {
            assertEquals(
                    List.of(new TraceEvent.Message(1), new TraceEvent.SystemCall(1), new TraceEvent.SystemCall(2)),
                    reader.readAllEvents().get(5L));
            assertEquals("mirror-3", new String(data.read(5, 1), StandardCharsets.UTF_8));
            assertEquals(1_700_000_000_123L, Codec.longs().decode(data.read(5, 2)));
            assertEquals(
                    2, data.entries() - data.dataIdsOf(SourceNames.OWNER).length, "only the calls inside the turn");
        }
        assertEquals(
                Map.of("http", Recorder.FIRST_SOURCE_ID, "kafka", Recorder.FIRST_SOURCE_ID + 1),
                SourceNames.read(dir).all(),
                "each declared once, whatever how often");
    }

    @Test
    void aTraceDirectoryThatHoldsATraceIsRefused() throws Exception {
        Path dir = tmp.resolve("t");
        Recorder.start(RecorderSettings.defaults(dir)).close();
        java.io.IOException e =
                assertThrows(java.io.IOException.class, () -> Recorder.start(RecorderSettings.defaults(dir)));
        assertTrue(e.getMessage().contains("already holds a trace"), e.getMessage());
    }
}
