package dev.reprise.tools.view;

import dev.reprise.trace.DataFileReader;
import dev.reprise.trace.OutsideInputEntry;
import dev.reprise.trace.TraceEvent;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the page's details show of an event's recorded data: a system call's value read the ways
 * the agent writes values (a long, a time), an outside input's frame (class, sender) and the text
 * in its copy, and the first bytes as a hex dump. The short preview of {@code inspect} is in the
 * event's inspect line already.
 */
final class RecordedValue {
    /** Bytes of a value dumped in hex; the page says how many more there are. */
    private static final int DUMPED = 256;
    /** Runs of printable characters of at least this length are shown as text found in a copy. */
    private static final int MIN_TEXT = 4;

    private static final int MAX_TEXTS = 8;
    /** Milliseconds since 1970 between 2000 and 2100 are shown as a time too (a clock read). */
    private static final long FROM_MILLIS = 946_684_800_000L, TO_MILLIS = 4_102_444_800_000L;

    private RecordedValue() {}

    /** The lines for {@code e} of {@code actor}, joined by newlines; "" for an event without data. */
    static String of(TraceEvent e, long actor, DataFileReader data) throws IOException {
        // Data is keyed by its owner: the calling actor for system calls, the source for outside input.
        return switch (e) {
            case TraceEvent.SystemCall c -> c.dataId() == 0 ? "" : systemCall(data.read(actor, c.dataId()));
            case TraceEvent.ExternalMessage m -> m.dataId() == 0 ? "" : input(data.read(m.sender(), m.dataId()));
            case TraceEvent.ExternalPromiseMessage m -> m.dataId() == 0 ? "" : input(data.read(m.sender(), m.dataId()));
            default -> "";
        };
    }

    private static String systemCall(byte[] bytes) {
        if (bytes == null) {
            return "missing from the data file";
        }
        List<String> lines = new ArrayList<>();
        lines.add(bytes.length + " bytes");
        if (bytes.length == 8) {
            // The agent writes a long (a clock read, a random number) little-endian.
            long v = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong();
            lines.add("as a long: " + v);
            if (v >= FROM_MILLIS && v < TO_MILLIS) {
                lines.add("as milliseconds since 1970: " + Instant.ofEpochMilli(v));
            }
        } else if (bytes.length == 12) {
            // An Instant: seconds and nanoseconds, big-endian.
            ByteBuffer b = ByteBuffer.wrap(bytes);
            long seconds = b.getLong();
            int nanos = b.getInt();
            if (nanos >= 0 && nanos < 1_000_000_000) {
                lines.add("as an instant: " + Instant.ofEpochSecond(seconds, nanos));
            }
        }
        lines.addAll(dump(bytes, 0));
        return String.join("\n", lines);
    }

    private static String input(byte[] entry) {
        if (entry == null) {
            return "missing from the data file";
        }
        List<String> lines = new ArrayList<>();
        int kind = OutsideInputEntry.kind(entry);
        String className = OutsideInputEntry.className(entry);
        if (kind == OutsideInputEntry.UNRECORDED) {
            lines.add("content not recorded (by order only): " + className);
            return String.join("\n", lines);
        }
        int body = OutsideInputEntry.body(entry);
        if (body == 0) { // no frame this Reprise knows (or cut short): the bytes as they are
            lines.add(entry.length + " bytes");
            List<String> texts = texts(entry, 0);
            if (!texts.isEmpty()) {
                lines.add("text in it: " + String.join(", ", texts));
            }
            lines.addAll(dump(entry, 0));
            return String.join("\n", lines);
        }
        long sender = OutsideInputEntry.sender(entry);
        lines.add(entry.length + " bytes, "
                + (kind == OutsideInputEntry.COPIED ? "copied by the agent" : "Akka-serialised")
                + (className == null ? "" : ", class " + className)
                + (sender == OutsideInputEntry.SENDER_NOT_RECORDED
                        ? ""
                        : ", sender " + (sender == 0 ? "none" : Long.toUnsignedString(sender))));
        List<String> texts = texts(entry, body);
        if (!texts.isEmpty()) {
            lines.add("text in it: " + String.join(", ", texts));
        }
        lines.addAll(dump(entry, body));
        return String.join("\n", lines);
    }

    /** Printable ASCII runs in {@code bytes} from {@code from}, quoted: the strings inside a copied message. */
    private static List<String> texts(byte[] bytes, int from) {
        List<String> texts = new ArrayList<>();
        int start = -1;
        for (int i = from; i <= bytes.length && texts.size() < MAX_TEXTS; i++) {
            boolean printable = i < bytes.length && bytes[i] >= 0x20 && bytes[i] < 0x7F;
            if (printable && start < 0) {
                start = i;
            } else if (!printable && start >= 0) {
                if (i - start >= MIN_TEXT) {
                    texts.add('"' + new String(bytes, start, i - start, StandardCharsets.US_ASCII) + '"');
                }
                start = -1;
            }
        }
        return texts;
    }

    /** {@code bytes} from {@code from} as hex, 16 a line with their printable characters, at most {@link #DUMPED}. */
    private static List<String> dump(byte[] bytes, int from) {
        List<String> lines = new ArrayList<>();
        int end = Math.min(bytes.length, from + DUMPED);
        for (int line = from; line < end; line += 16) {
            StringBuilder hex = new StringBuilder(String.format(Locale.ROOT, "%04x ", line - from));
            StringBuilder chars = new StringBuilder();
            for (int i = line; i < line + 16; i++) {
                if (i < end) {
                    hex.append(String.format(Locale.ROOT, " %02x", bytes[i]));
                    chars.append(bytes[i] >= 0x20 && bytes[i] < 0x7F ? (char) bytes[i] : '.');
                } else {
                    hex.append("   ");
                }
            }
            lines.add(hex + "  " + chars);
        }
        if (bytes.length > end) {
            lines.add("... " + (bytes.length - end) + " more bytes");
        }
        return lines;
    }
}
