package dev.reprise.trace;

import java.nio.file.Path;

/**
 * Something wrong with a trace, located as precisely as the reader can: the file, the chunk
 * (its index among the file's chunks, -1 when not chunk-related) and the byte offset in the file
 * (-1 when not applicable).
 */
public record TraceProblem(Kind kind, Path file, long chunk, long offset, String detail) {

    /** What went wrong. */
    public enum Kind {
        /** The file ends inside a chunk: the recording was cut off. */
        TRUNCATED,
        /** A chunk's checksum or framing is wrong. */
        CORRUPT,
        /** A chunk's checksum is right but its content does not decode. */
        MALFORMED,
        /** A chunk of a thread's sequence is missing. */
        MISSING_CHUNK,
        /** An actor's subtrace is missing, or present twice. */
        MISSING_SUBTRACE,
        /** The recorder dropped events (drop overflow policy). */
        DROPPED_EVENTS,
        /** An event refers to data that the data file lacks. */
        MISSING_DATA,
        /** The metadata file is missing, unreadable or disagrees with the files. */
        METADATA,
        /** The recording did not end cleanly. */
        UNCLEAN_END
    }

    /** One line naming file, chunk and offset, e.g. for {@code reprise verify}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append(file == null ? "trace" : file.toString());
        if (chunk >= 0) {
            sb.append(": chunk ").append(chunk);
        }
        if (offset >= 0) {
            sb.append(chunk >= 0 ? " at byte offset " : ": byte offset ").append(offset);
        }
        return sb.append(": ").append(detail).toString();
    }
}
