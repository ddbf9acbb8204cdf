package dev.reprise.tools.diff;

import dev.reprise.trace.OutsideInputEntry;
import dev.reprise.trace.TraceEvent;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * What an event records, as a string that is equal for two runs' events exactly when they record
 * the same thing: ids replaced by places, recorded data by a digest of its bytes. (An outside
 * message's content names its envelope's sender by id, which is replaced by its place too.)
 */
final class EventKeys {
    private final RecordedRun run;
    private final RunPlaces places;

    EventKeys(RecordedRun run, RunPlaces places) {
        this.run = run;
        this.places = places;
    }

    /** The key of {@code e}, an event of {@code actor}. */
    String of(TraceEvent e, long actor) throws IOException {
        return switch (e) {
            case TraceEvent.Creation c -> "created " + c.kind().word();
            case TraceEvent.Message m -> "message from " + place(m.sender());
            case TraceEvent.PromiseMessage m ->
                "promise message from " + place(m.sender()) + " resolved by " + place(m.resolver());
            case TraceEvent.ExternalMessage m ->
                "external message from " + place(m.sender()) + " type " + m.eventType() + " "
                        + content(m.sender(), m.dataId());
            case TraceEvent.ExternalPromiseMessage m ->
                "external promise message from " + place(m.sender()) + " resolved by " + place(m.resolver()) + " type "
                        + m.eventType() + " " + content(m.sender(), m.dataId());
            case TraceEvent.SystemCall s -> "system call " + value(actor, s.dataId());
            case TraceEvent.SystemMessageTurn s ->
                "system message " + s.kind().word() + " " + (s.related() == 0 ? "-" : place(s.related()));
            case TraceEvent.TurnSends t -> "end of turn " + t.sends();
            case TraceEvent.Gap g -> "gap";
        };
    }

    private String place(long id) {
        return id == 0 ? "nobody" : "@" + places.place(id);
    }

    private String value(long owner, long dataId) throws IOException {
        if (dataId == 0) {
            return "unrecorded";
        }
        byte[] bytes = run.data.read(owner, dataId);
        return bytes == null ? "missing" : digest(bytes);
    }

    /** An outside message's content: its kind, its envelope's sender by place, its class and bytes. */
    private String content(long source, long dataId) throws IOException {
        if (dataId == 0) {
            return "unrecorded";
        }
        byte[] bytes = run.data.read(source, dataId);
        if (bytes == null) {
            return "missing";
        }
        int senderBytes = OutsideInputEntry.senderBytes(bytes);
        long sender = OutsideInputEntry.sender(bytes);
        if (senderBytes == 0 || sender == OutsideInputEntry.SENDER_NOT_RECORDED) {
            return digest(bytes);
        }
        byte[] rest = Arrays.copyOfRange(bytes, 1 + senderBytes, bytes.length);
        return "kind " + bytes[0] + " sender " + place(sender) + " " + digest(rest);
    }

    private static String digest(byte[] bytes) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(bytes);
            return bytes.length + ":" + HexFormat.of().formatHex(d, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }
}
