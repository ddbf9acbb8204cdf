package dev.reprise.agent.instrumentation;

import dev.reprise.agent.flavour.AgentClasses;
import dev.reprise.agent.health.AgentLog;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.zip.Adler32;
import java.util.zip.CRC32C;

/**
 * The Akka and Scala classes as the agent instrumented them, kept on disk between runs: a run
 * that finds them there needs none of ByteBuddy (whose first use costs about half a second of CPU
 * at start-up). An entry is found by the instrumented class's name and content and by the agent
 * build (its jar's size and time) and mode; it holds only a decoration, whose result depends on
 * nothing else. The folder is private to the user ({@code 0700}); an entry that does not check
 * out is ignored; writes go to a temporary file first, then are moved in place.
 */
final class TransformCache {
    private static final int MAGIC = 0x52505843; // "RPXC"
    /** What an entry holds when the class is left unchanged. */
    static final byte[] UNCHANGED = new byte[0];

    private final Path dir;

    private TransformCache(Path dir) {
        this.dir = dir;
    }

    /**
     * The cache under {@code root} for this agent build and mode, or null when there is no usable
     * folder (it cannot be made private, or it belongs to someone else).
     */
    static TransformCache open(Path root, boolean replay) {
        if (root == null) {
            return null;
        }
        try {
            Path agent = AgentClasses.where();
            if (!Files.isRegularFile(agent)) {
                return null; // the agent's classes in a folder (a developer's build): no build identity to key on
            }
            CRC32C build = new CRC32C();
            build.update((agent.toAbsolutePath() + "\0" + Files.size(agent) + "\0"
                            + Files.getLastModifiedTime(agent).toMillis() + "\0"
                            + Runtime.version().feature())
                    .getBytes(StandardCharsets.UTF_8));
            Path dir = root.resolve(String.format("%08x-%s", build.getValue(), replay ? "replay" : "record"));
            boolean posix = root.getFileSystem().supportedFileAttributeViews().contains("posix");
            if (posix) {
                Set<PosixFilePermission> owner = PosixFilePermissions.fromString("rwx------");
                for (Path d : new Path[] {root, dir}) {
                    if (!Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS)) {
                        Files.createDirectories(d, PosixFilePermissions.asFileAttribute(owner));
                    }
                    if (!Files.getPosixFilePermissions(d, LinkOption.NOFOLLOW_LINKS)
                                    .equals(owner)
                            || !Files.getOwner(d, LinkOption.NOFOLLOW_LINKS)
                                    .getName()
                                    .equals(System.getProperty("user.name"))) {
                        AgentLog.debug("not caching instrumented classes: " + d + " is not private to this user");
                        return null;
                    }
                }
            } else {
                Files.createDirectories(dir);
            }
            Files.setLastModifiedTime(dir, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()));
            prune(root, dir);
            return new TransformCache(dir);
        } catch (Exception | LinkageError e) {
            AgentLog.debug("not caching instrumented classes: " + e);
            return null;
        }
    }

    /** Folders of other agent builds unused for a week go. */
    private static void prune(Path root, Path keep) {
        long old = System.currentTimeMillis() - java.util.concurrent.TimeUnit.DAYS.toMillis(7);
        try (var dirs = Files.list(root)) {
            for (Path d : (Iterable<Path>) dirs::iterator) {
                if (!d.equals(keep)
                        && Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS)
                        && Files.getLastModifiedTime(d, LinkOption.NOFOLLOW_LINKS)
                                        .toMillis()
                                < old) {
                    try (var files = Files.list(d)) {
                        for (Path f : (Iterable<Path>) files::iterator) {
                            Files.deleteIfExists(f);
                        }
                    }
                    Files.deleteIfExists(d);
                }
            }
        } catch (IOException | RuntimeException e) {
            // another JVM pruning at the same time, or a file in use: next time
        }
    }

    private Path entry(String internalName, byte[] original) {
        CRC32C crc = new CRC32C();
        crc.update(original);
        return dir.resolve(
                internalName.replace('/', '.') + "-" + original.length + "-" + Long.toHexString(crc.getValue()));
    }

    private static long adler(byte[] b, int offset, int length) {
        Adler32 a = new Adler32();
        a.update(b, offset, length);
        return a.getValue();
    }

    /** The instrumented class, {@link #UNCHANGED}, or null if the cache does not have it. */
    byte[] get(String internalName, byte[] original) {
        try {
            Path f = entry(internalName, original);
            if (!Files.isRegularFile(f)) {
                return null;
            }
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(f));
            if (b.remaining() < 20 || b.getInt() != MAGIC || b.getInt() != (int) adler(original, 0, original.length)) {
                return null;
            }
            int length = b.getInt();
            int check = b.getInt();
            if (length != b.remaining() - 4 || length < 0) {
                return null;
            }
            byte[] result = new byte[length];
            b.get(result);
            return check == (int) adler(result, 0, length) && b.getInt() == MAGIC ? result : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Keeps what the agent made of {@code original} ({@link #UNCHANGED} if nothing); failures are ignored. */
    void put(String internalName, byte[] original, byte[] result) {
        try {
            Path f = entry(internalName, original);
            ByteBuffer b = ByteBuffer.allocate(20 + result.length);
            b.putInt(MAGIC)
                    .putInt((int) adler(original, 0, original.length))
                    .putInt(result.length)
                    .putInt((int) adler(result, 0, result.length))
                    .put(result)
                    .putInt(MAGIC);
            Path tmp = Files.createTempFile(dir, "entry", ".tmp");
            try {
                Files.write(tmp, b.array());
                try {
                    Files.move(tmp, f, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException | RuntimeException e) {
            AgentLog.debug("could not cache " + internalName + ": " + e);
        }
    }
}
