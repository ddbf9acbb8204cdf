package dev.reprise.testsupport;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The actor runtime the test programs run on: Akka 2.6, as the programs are written and built;
 * the newest Akka on Maven Central (2.8); or the oldest or the newest Apache Pekko 1.x, to which
 * each program's jar is ported as Pekko's migration guide ports a program (the agent's
 * {@code ProgramPort}: packages, configuration keys, actor path scheme). Chosen for a test JVM by
 * the system property {@code reprise.runtime} ({@code akka}, {@code akka-newest},
 * {@code pekko-oldest}, {@code pekko-newest}), which the build sets to run the same tests on each.
 * Each but Akka 2.6 is a module of its own under {@code test-support}, whose build copies its
 * jars to {@code target/lib}.
 */
public enum ActorRuntime {
    AKKA("akka"),
    AKKA_NEWEST("akka-newest"),
    PEKKO_OLDEST("pekko-oldest"),
    PEKKO_NEWEST("pekko-newest");

    /** The value of {@code reprise.runtime} that chooses it, and for Pekko its module's folder under test-support. */
    public final String id;

    ActorRuntime(String id) {
        this.id = id;
    }

    /** The runtime {@code reprise.runtime} names, Akka when it names none. */
    public static ActorRuntime current() {
        String id = System.getProperty("reprise.runtime", "akka").trim().toLowerCase(Locale.ROOT);
        for (ActorRuntime r : values()) {
            if (r.id.equals(id) || (id.isEmpty() && r == AKKA)) {
                return r;
            }
        }
        throw new IllegalArgumentException(
                "reprise.runtime=" + id + ": expected akka, akka-newest, pekko-oldest or pekko-newest");
    }

    boolean isPekko() {
        return this == PEKKO_OLDEST || this == PEKKO_NEWEST;
    }

    /** Whether its jars are the build's own (this JVM's class path's), not those of a module under test-support. */
    public boolean isBuilt() {
        return this == AKKA;
    }

    /** The jars a program needs at run time ({@code test-support/ID}'s {@code target/lib}). */
    List<Path> libraries() {
        Path lib = Project.root().resolve("test-support").resolve(id).resolve("target/lib");
        if (!Files.isDirectory(lib)) {
            throw new IllegalStateException(
                    lib + " is missing: the build copies it (mvn package -pl test-support/" + id + ")");
        }
        try (Stream<Path> jars = Files.list(lib)) {
            return jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The class path of the Akka program {@code akkaProgram} (a jar) on this runtime, not the
     * build's own: the jar (ported to Pekko), then the runtime's jars.
     */
    String classPath(Path akkaProgram) {
        List<String> entries = new ArrayList<>();
        entries.add(isPekko() ? ported(akkaProgram).toString() : akkaProgram.toString());
        libraries().forEach(p -> entries.add(p.toString()));
        return String.join(File.pathSeparator, entries);
    }

    /** {@code akkaProgram} ported to Pekko by the packaged agent's {@code ProgramPort}, once per build of either. */
    private synchronized Path ported(Path akkaProgram) {
        if (!Files.isRegularFile(akkaProgram)) {
            throw new IllegalStateException(akkaProgram + " is not a jar: the programs run on Pekko are ported from "
                    + "their packaged jars (mvn package)");
        }
        Path agent = Project.requirePackaged(Project.agentJar(), "the agent ports the programs to Pekko");
        Path out = Project.root()
                .resolve("test-support")
                .resolve(id)
                .resolve("target/ported")
                .resolve(akkaProgram.getFileName());
        try {
            if (Files.isRegularFile(out)
                    && Files.getLastModifiedTime(out).compareTo(Files.getLastModifiedTime(akkaProgram)) > 0
                    && Files.getLastModifiedTime(out).compareTo(Files.getLastModifiedTime(agent)) > 0) {
                return out;
            }
            Files.createDirectories(out.getParent());
            Path partial = Files.createTempFile(out.getParent(), "porting", ".jar");
            try (URLClassLoader loader =
                    new URLClassLoader(new URL[] {agent.toUri().toURL()}, null)) {
                loader.loadClass("dev.reprise.agent.flavour.ProgramPort")
                        .getMethod("port", Path.class, Path.class, List.class)
                        .invoke(null, akkaProgram, partial, libraries());
            }
            Files.move(partial, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ReflectiveOperationException e) {
            Throwable cause = e instanceof InvocationTargetException i ? i.getCause() : e;
            throw new IllegalStateException("porting " + akkaProgram + " to Pekko failed: " + cause, cause);
        }
    }
}
