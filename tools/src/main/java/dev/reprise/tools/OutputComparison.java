package dev.reprise.tools;

import dev.reprise.trace.TraceFiles;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A replay's standard output compared, line by line as it comes, with what its recording printed
 * ({@link TraceFiles#OUTPUT}); its verdict is one line. A server whose responses print a hash chain
 * (Acme-Air's {@code --hash-responses}) is thereby checked response by response.
 */
final class OutputComparison implements ProgramOutput {
    private static final int SHOWN = 100;

    private final InputStream recorded;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private long lines;
    private String difference;

    /** Whether a difference fails the replay ({@code --check-output}); else the verdict says how to make it. */
    private final boolean fails;

    private OutputComparison(InputStream recorded, boolean fails) {
        this.recorded = recorded;
        this.fails = fails;
    }

    /**
     * The comparison with the output recorded in {@code trace} ({@code fails}: a difference fails the
     * replay), or null when it kept none (an older trace, or recorded in-process).
     */
    static OutputComparison of(Path trace, boolean fails) throws IOException {
        Path file = TraceFiles.output(trace);
        return Files.isRegularFile(file)
                ? new OutputComparison(new BufferedInputStream(Files.newInputStream(file)), fails)
                : null;
    }

    @Override
    public void write(byte[] bytes, int length) throws IOException {
        for (int i = 0; i < length; i++) {
            if (bytes[i] == '\n') {
                compareLine(line.toByteArray());
                line.reset();
            } else {
                line.write(bytes[i]);
            }
        }
    }

    /** Whether the output differs from the recording's (so far, or at the end once {@link #end} ran). */
    boolean differs() {
        return difference != null;
    }

    @Override
    public String end() throws IOException {
        try (recorded) {
            if (line.size() > 0) {
                compareLine(line.toByteArray()); // a last line without its newline
            }
            if (difference != null) {
                return "[reprise] output differs from the recording's " + difference
                        + (fails
                                ? ""
                                : " (not counted as a divergence: Akka's own log lines carry this run's times and "
                                        + "thread names; --check-output makes a difference exit 86)");
            }
            long left = 0;
            for (byte[] l; (l = nextRecordedLine()) != null; ) {
                left++;
            }
            if (left > 0) {
                return "[reprise] output: the replay printed the first " + lines + " of the recording's "
                        + (lines + left) + " lines, identical; the other " + left + " were not printed";
            }
            return "[reprise] output: identical to the recording's (" + lines + " lines)";
        }
    }

    private void compareLine(byte[] replayed) throws IOException {
        if (difference != null) {
            return;
        }
        byte[] expected = nextRecordedLine();
        long at = ++lines;
        if (expected == null) {
            difference = "at line " + at + ", which the recording did not print: " + shown(replayed);
        } else if (!Arrays.equals(expected, replayed)) {
            difference = "at line " + at + ": recorded " + shown(expected) + ", replayed " + shown(replayed);
        }
    }

    private byte[] nextRecordedLine() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int b;
        while ((b = recorded.read()) != -1 && b != '\n') {
            out.write(b);
        }
        return b == -1 && out.size() == 0 ? null : out.toByteArray();
    }

    private static String shown(byte[] line) {
        String s = new String(line, StandardCharsets.UTF_8);
        return '"' + (s.length() > SHOWN ? s.substring(0, SHOWN) + "..." : s) + '"';
    }
}
