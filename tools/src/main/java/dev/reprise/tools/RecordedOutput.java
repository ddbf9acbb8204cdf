package dev.reprise.tools;

import dev.reprise.trace.TraceFiles;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** A recording's standard output, kept in its trace directory ({@link TraceFiles#OUTPUT}) for the replay to compare. */
final class RecordedOutput implements ProgramOutput {
    private final OutputStream file;

    RecordedOutput(Path trace) throws IOException {
        Files.createDirectories(trace);
        this.file = new BufferedOutputStream(Files.newOutputStream(TraceFiles.output(trace)));
    }

    @Override
    public void write(byte[] bytes, int length) throws IOException {
        file.write(bytes, 0, length);
    }

    @Override
    public String end() throws IOException {
        file.close();
        return null;
    }
}
