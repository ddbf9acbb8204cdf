package dev.reprise.tools;

import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import picocli.CommandLine.Parameters;

/** The trace directory argument that every trace tool takes, and the checks every tool makes on it first. */
final class TraceDirectory {
    @Parameters(
            index = "0",
            paramLabel = "DIR",
            description = "The trace directory (as given to trace=DIR when recording).")
    Path path;

    /**
     * This argument, checked to name a trace directory.
     *
     * @throws NoSuchFileException (exit 2) naming the path and why it is no trace directory
     */
    Path existing() throws NoSuchFileException {
        return check(path);
    }

    /**
     * This argument, checked to name a trace directory whose events file this Reprise can read:
     * a known format version and a sound file header (without it nothing in the trace is readable).
     *
     * @throws NoSuchFileException (exit 2) when it is no trace directory
     * @throws dev.reprise.trace.TraceFormatException (exit 1) naming the file and the version or header problem
     */
    Path readable() throws IOException {
        return checkReadable(path);
    }

    /**
     * Checks that {@code dir} is a directory holding a trace's events file, so that every command
     * says the same about a wrong path: missing, a file, or a directory without a trace.
     */
    static Path check(Path dir) throws NoSuchFileException {
        if (Files.isRegularFile(dir)) {
            throw new NoSuchFileException(dir.toString(), null, "is a file, not a trace directory");
        }
        if (!Files.isDirectory(dir)) {
            throw new NoSuchFileException(dir.toString(), null, "no such trace directory");
        }
        if (!Files.isRegularFile(TraceFiles.events(dir))) {
            throw new NoSuchFileException(
                    dir.toString(), null, "not a trace directory: it has no " + TraceFiles.EVENTS);
        }
        return dir;
    }

    /** {@link #check} and the events file's header: magic, checksum and format version. */
    static Path checkReadable(Path dir) throws IOException {
        check(dir);
        TraceReader.open(dir).close(); // reads only the header
        return dir;
    }
}
