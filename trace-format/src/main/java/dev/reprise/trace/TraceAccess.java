package dev.reprise.trace;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;

/**
 * Who may read a trace. Outside input holds request bodies and other user data, so by default a
 * trace is private: its directory 0700 and its files 0600 on POSIX file systems (elsewhere the
 * file system's defaults apply).
 */
public enum TraceAccess {
    /** Only the recording user: directory 0700, files 0600. */
    PRIVATE,
    /** As the process's umask allows (usually readable by everyone: 0755 and 0644). */
    UMASK;

    private static final FileAttribute<?>[] NONE = new FileAttribute<?>[0];

    /** Parses "private" or "umask". */
    public static TraceAccess parse(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "private" -> PRIVATE;
            case "umask" -> UMASK;
            default -> throw new IllegalArgumentException("expected private or umask, was '" + value + "'");
        };
    }

    /** Creates {@code dir} (and missing parents, which get the umask's permissions). */
    void createDirectory(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            return; // a directory the user made keeps the permissions the user gave it
        }
        Path parent = dir.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.createDirectory(dir, attributes(dir, "rwx------"));
    }

    /** Attributes for a new file of the trace in {@code dir}. */
    FileAttribute<?>[] fileAttributes(Path dir) {
        return attributes(dir, "rw-------");
    }

    private FileAttribute<?>[] attributes(Path near, String permissions) {
        if (this == UMASK || !isPosix(near.getFileSystem())) {
            return NONE;
        }
        return new FileAttribute<?>[] {
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(permissions))
        };
    }

    private static boolean isPosix(FileSystem fs) {
        return fs.supportedFileAttributeViews().contains("posix");
    }
}
