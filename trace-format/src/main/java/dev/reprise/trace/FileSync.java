package dev.reprise.trace;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Forces files and directory entries to the storage device, so they survive a machine crash. */
final class FileSync {
    private FileSync() {}

    /** Forces {@code file}'s contents (fdatasync: its data and size, not its times). */
    static void forceFile(Path file) throws IOException {
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
            c.force(false);
        }
    }

    /**
     * Forces {@code dir}'s entries: a file created or renamed in it is only found after a machine
     * crash once its directory is forced too.
     */
    static void forceDirectory(Path dir) throws IOException {
        FileChannel c;
        try {
            c = FileChannel.open(dir, StandardOpenOption.READ);
        } catch (IOException notOpenable) {
            return; // Windows cannot open a directory; NTFS journals its entries itself
        }
        try (c) {
            c.force(true);
        }
    }
}
