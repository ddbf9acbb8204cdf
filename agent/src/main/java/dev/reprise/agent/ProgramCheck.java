package dev.reprise.agent;

import java.util.Arrays;
import java.util.List;

/**
 * Whether a replay runs the program its trace recorded: the main class (or jar) and the arguments,
 * as the JVM gives them ({@code sun.java.command}) and as the trace's metadata kept them. The class
 * path and JVM options may differ (an IDE's do), the command line may not, unless the user says so.
 */
final class ProgramCheck {
    private ProgramCheck() {}

    /**
     * How this run's command line {@code now} differs from the {@code recorded} one, in words; null
     * when they are the same, or when the trace does not say (older traces, an unknown command).
     */
    static String difference(String recorded, String now) {
        if (recorded == null || recorded.isBlank() || recorded.equals("unknown") || now == null || now.isBlank()) {
            return null;
        }
        List<String> was = words(recorded);
        List<String> is = words(now);
        if (!was.getFirst().equals(is.getFirst())) {
            return "its main class was " + was.getFirst() + ", this run's is " + is.getFirst();
        }
        List<String> wasArgs = was.subList(1, was.size());
        List<String> isArgs = is.subList(1, is.size());
        if (!wasArgs.equals(isArgs)) {
            return "its arguments were " + wasArgs + ", this run's are " + isArgs;
        }
        return null;
    }

    /** The settings key of {@link #classPathDigest}. */
    static final String CLASS_PATH_SETTING = "classPathDigest";

    /** At most this many class files of a class folder are looked at (a digest, not a build tool). */
    private static final int MAX_FILES = 50_000;

    /**
     * A digest of the application's class path as it is on disk: each entry's name, and for a
     * jar its size and time, for a class folder its class files' names, sizes and times. Cheap (no
     * file is read), so a rebuild that changes nothing may change it: it only ever warns.
     */
    static String classPathDigest(String classPath) {
        if (classPath == null || classPath.isBlank()) {
            return "";
        }
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        for (String entry : classPath.split(java.io.File.pathSeparator)) {
            java.nio.file.Path p = java.nio.file.Path.of(entry);
            crc.update(
                    p.getFileName() == null
                            ? new byte[0]
                            : p.getFileName().toString().getBytes());
            try {
                if (java.nio.file.Files.isDirectory(p)) {
                    try (var files = java.nio.file.Files.walk(p)) {
                        files.filter(f -> f.toString().endsWith(".class"))
                                .limit(MAX_FILES)
                                .sorted()
                                .forEach(f -> update(crc, p.relativize(f).toString(), f));
                    }
                } else if (java.nio.file.Files.isRegularFile(p)) {
                    update(crc, "", p);
                }
            } catch (java.io.IOException | java.io.UncheckedIOException e) {
                crc.update(0);
            }
        }
        return Long.toHexString(crc.getValue());
    }

    private static void update(java.util.zip.CRC32C crc, String name, java.nio.file.Path file) {
        try {
            crc.update(name.getBytes());
            crc.update(java.nio.ByteBuffer.allocate(16)
                    .putLong(java.nio.file.Files.size(file))
                    .putLong(java.nio.file.Files.getLastModifiedTime(file).toMillis())
                    .flip());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static List<String> words(String commandLine) {
        return Arrays.asList(commandLine.trim().split("\\s+"));
    }
}
