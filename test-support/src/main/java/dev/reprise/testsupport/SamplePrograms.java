package dev.reprise.testsupport;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs the sample programs (the {@code samples} module, or another module's program such as a
 * Savina benchmark) in child JVMs, with the class path a user would give them: the program's own
 * jar or classes, and Akka, Scala and Config. Reprise itself is not on it: the agent jar brings
 * Reprise's API and everything else of Reprise's.
 */
public final class SamplePrograms {
    private SamplePrograms() {}

    /**
     * The class path of the program whose main class is {@code main} on the {@link
     * ActorRuntime#current} runtime. On Akka: where that class was loaded from in this JVM (the
     * samples module's jar, or its classes folder in a build that stops before packaging), then the
     * Akka (classic and typed), SLF4J, Scala and Config jars of this JVM's class path, in its order.
     * On another runtime: that jar (ported to Pekko), then the runtime's jars.
     */
    public static String classPath(Class<?> main) {
        ActorRuntime runtime = ActorRuntime.current();
        if (!runtime.isBuilt()) {
            return runtime.classPath(location(main));
        }
        List<String> entries = new ArrayList<>();
        entries.add(location(main).toString());
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(SamplePrograms::isAkkaOrItsLibraries)
                .filter(p -> !entries.contains(p))
                .forEach(entries::add);
        return String.join(File.pathSeparator, entries);
    }

    /**
     * Akka's modules (classic, typed, streams, persistence, and what Akka Persistence Typed brings: remoting,
     * its PKI with ASN.1 and Agrona), what Akka Streams needs (Reactive Streams, SSL Config), SLF4J (Akka Typed logs through it), Scala (the library and its modules)
     * and Typesafe Config: what an Akka program needs at run time.
     */
    public static boolean isAkkaOrItsLibraries(String classPathEntry) {
        return classPathEntry.contains(File.separator + "akka-")
                || classPathEntry.contains(File.separator + "asn-one")
                || classPathEntry.contains(File.separator + "agrona")
                || classPathEntry.contains(File.separator + "reactive-streams")
                || classPathEntry.contains(File.separator + "ssl-config-core")
                || classPathEntry.contains(File.separator + "slf4j-api")
                || classPathEntry.contains(File.separator + "scala-")
                || classPathEntry.contains(File.separator + "config" + File.separator);
    }

    /**
     * The jar or folder {@code type} was loaded from: the class path of a program that needs nothing
     * else (no Akka), e.g. the samples module's jar, or its classes folder in a build that stops
     * before packaging.
     */
    public static Path location(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            throw new IllegalStateException("where " + type.getName() + " was loaded from is unknown");
        }
        try {
            return Path.of(source.getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(type.getName() + " was loaded from " + source.getLocation(), e);
        }
    }

    /** A JVM that runs {@code main} with {@code args} on its {@link #classPath}, without the agent. */
    public static ChildProcess jvm(Class<?> main, String... args) {
        return ChildProcess.java().classPath(classPath(main)).main(main, args);
    }
}
