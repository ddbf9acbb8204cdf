package dev.reprise.tools;

import dev.reprise.trace.OutsideInputEntry;
import dev.reprise.trace.TraceEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** A short preview of the recorded data an event refers to, as {@code inspect} and {@code diff} print it. */
public final class DataPreview {
    /** The recorded bytes of data entry {@code dataId} of {@code owner}, or null when the trace lacks them. */
    @FunctionalInterface
    public interface Entries {
        byte[] read(long owner, long dataId) throws IOException;
    }

    private DataPreview() {}

    /**
     * For events that refer to recorded data (system calls, outside input): its size and a short
     * printable preview, after two spaces; "" for other events.
     */
    public static String of(TraceEvent e, long actor, Entries data) throws IOException {
        // Data is keyed by its owner: the calling actor for system calls, the source for external input.
        long owner;
        long dataId;
        switch (e) {
            case TraceEvent.SystemCall s -> {
                owner = actor;
                dataId = s.dataId();
            }
            case TraceEvent.ExternalMessage m -> {
                owner = m.sender();
                dataId = m.dataId();
            }
            case TraceEvent.ExternalPromiseMessage m -> {
                owner = m.sender();
                dataId = m.dataId();
            }
            default -> {
                return "";
            }
        }
        if (dataId == 0) {
            return "";
        }
        byte[] bytes = data.read(owner, dataId);
        if (bytes == null) {
            return "  [data missing]";
        }
        StringBuilder sb = new StringBuilder("  [" + bytes.length + " bytes: ");
        int from = e instanceof TraceEvent.SystemCall ? 0 : OutsideInputEntry.body(bytes);
        if (from > 0) {
            long sender = OutsideInputEntry.sender(bytes);
            sb.append("sender ")
                    .append(sender == 0 ? "none" : Long.toString(sender))
                    .append(", ");
            if (OutsideInputEntry.kind(bytes) == OutsideInputEntry.COPIED) {
                return sb.append(OutsideInputEntry.className(bytes)).append(']').toString(); // the copy is binary
            }
        }
        int n = Math.min(bytes.length - from, 40);
        String text = new String(bytes, from, n, StandardCharsets.UTF_8);
        boolean printable = text.chars().allMatch(c -> c >= 0x20 && c < 0x7F);
        if (printable) {
            sb.append('"').append(text).append(bytes.length - from > 40 ? "...\"" : "\"");
        } else {
            for (int i = from; i < Math.min(bytes.length, from + 16); i++) {
                sb.append(String.format("%02x", bytes[i]));
            }
            if (bytes.length - from > 16) {
                sb.append("...");
            }
        }
        return sb.append(']').toString();
    }
}
