package dev.reprise.tools.hunt;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * A program's output stream copied byte for byte to a file (a recording keeps its standard output
 * for the replay to compare), each line matched against {@code --until} on the way: the first
 * line that matches is kept.
 */
final class OutputLines {
    private final Pattern until;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private volatile String matched;

    /** Lines matched against {@code until} (null: none is looked for). */
    OutputLines(Pattern until) {
        this.until = until;
    }

    /** Copies {@code from} to {@code to} until its end, and closes both. */
    void copy(InputStream from, OutputStream to) throws IOException {
        try (from;
                to) {
            byte[] buffer = new byte[8192];
            for (int n; (n = from.read(buffer)) != -1; ) {
                to.write(buffer, 0, n);
                if (until != null && matched == null) {
                    scan(buffer, n);
                }
            }
            if (until != null && matched == null && line.size() > 0) {
                match(); // a last line without its newline
            }
        }
    }

    private void scan(byte[] bytes, int length) {
        for (int i = 0; i < length && matched == null; i++) {
            if (bytes[i] == '\n') {
                match();
            } else if (line.size() < 64 * 1024) { // a line longer than that is matched by its start
                line.write(bytes[i]);
            }
        }
    }

    private void match() {
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        if (text.endsWith("\r")) {
            text = text.substring(0, text.length() - 1);
        }
        if (until.matcher(text).find()) {
            matched = text;
        }
    }

    /** The first line that matched, or null. */
    String matched() {
        return matched;
    }
}
