package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Traces hold user data: private by default on POSIX file systems, the umask's when asked. */
class TraceAccessTest {
    @TempDir
    Path tmp;

    @Test
    void aNewTraceIsReadableByItsOwnerOnly() throws Exception {
        assumeTrue(tmp.getFileSystem().supportedFileAttributeViews().contains("posix"), "needs POSIX permissions");
        Path dir = tmp.resolve("a/b/trace");
        try (TraceWriter w = TraceWriter.create(dir, TraceMetadata.begin("p", Map.of()))) {
            w.finish(Map.of()); // rewrites the metadata: it must stay private too
        }
        assertEquals("rwx------", permissions(dir));
        for (String f : new String[] {TraceFiles.EVENTS, TraceFiles.DATA, TraceFiles.METADATA}) {
            assertEquals("rw-------", permissions(dir.resolve(f)), f);
        }
    }

    @Test
    void umaskAccessLeavesPermissionsToTheProcess() throws Exception {
        assumeTrue(tmp.getFileSystem().supportedFileAttributeViews().contains("posix"), "needs POSIX permissions");
        Path dir = tmp.resolve("shared");
        Path probe = Files.createFile(tmp.resolve("probe")); // what the umask gives a new file
        try (TraceWriter w = TraceWriter.create(dir, TraceMetadata.begin("p", Map.of()), true, TraceAccess.UMASK)) {
            w.finish(Map.of());
        }
        assertEquals(permissions(probe), permissions(dir.resolve(TraceFiles.EVENTS)));
        assertEquals(permissions(probe), permissions(dir.resolve(TraceFiles.METADATA)));
    }

    private static String permissions(Path p) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }
}
