package dev.reprise.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.reprise.trace.ActorEventSource;
import dev.reprise.trace.Fingerprint;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceIndex;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A turn's sends complete its message's fingerprint, or, when the turn outlived its chunk, follow as an event. */
class TurnFingerprintTest {
    @TempDir
    Path tmp;

    @Test
    void aTurnsSendsGoInItsFingerprintOrAfterItWhenItsChunkIsGone() throws Exception {
        Path dir = tmp.resolve("t");
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir).withFingerprints(true));
        ActorRecord actor = new ActorRecord(40);
        byte ping = Fingerprint.ofClass(9);
        try {
            ThreadRecorder r = recorder.forCurrentThread();
            r.message(actor, 7, ping);
            r.turnSent(ping, 3); // same chunk: completes the fingerprint
            r.message(actor, 7, ping);
            r.idle(); // the chunk goes to the writer mid-turn
            r.turnSent(ping, 12);
            r.message(actor, 8, Fingerprint.NONE); // recorded without a fingerprint: nothing to complete
            r.turnSent(Fingerprint.NONE, 5);
        } finally {
            recorder.close();
        }
        Path without = tmp.resolve("without");
        Recorder plain = Recorder.start(RecorderSettings.defaults(without)); // fingerprints off: no count at all
        try {
            ThreadRecorder r = plain.forCurrentThread();
            r.message(new ActorRecord(40), 7, ping);
            r.idle();
            r.turnSent(ping, 12);
        } finally {
            plain.close();
        }
        try (TraceIndex index = TraceIndex.open(without)) {
            ActorEventSource events = index.actor(40);
            assertEquals(new TraceEvent.Message(7), events.next());
            assertEquals(Fingerprint.NONE, events.fingerprint());
            assertEquals(null, events.next());
        }
        List<String> seen = new ArrayList<>();
        try (TraceIndex index = TraceIndex.open(dir)) {
            ActorEventSource events = index.actor(40);
            for (TraceEvent e; (e = events.next()) != null; ) {
                seen.add(e.describe() + " " + hex(events.fingerprint()));
            }
        }
        assertEquals(
                List.of(
                        "message from 7 " + hex(Fingerprint.withSends(ping, 3)),
                        "message from 7 " + hex(ping), // sends not known in its chunk
                        "end of turn: 12 messages sent -",
                        "message from 8 -"),
                seen);
    }

    private static String hex(byte fingerprint) {
        return fingerprint == Fingerprint.NONE ? "-" : String.format("%02x", fingerprint & 0xFF);
    }
}
