package dev.reprise.tools;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * A program packaged as services are deployed, from its class path (its jar, then its libraries):
 * a shaded fat jar, as the Maven Shade plugin makes one for Akka (every {@code reference.conf}
 * appended into one, service files merged, signatures dropped, a manifest naming the main class),
 * or a {@code lib/*.jar} distribution started by a script, as sbt-native-packager and Gradle's
 * application plugin make one.
 */
final class Deployments {
    private Deployments() {}

    /** Files that every jar of Akka's may have, whose contents a fat jar appends rather than keeps the first of. */
    private static boolean appended(String name) {
        return name.equals("reference.conf") || name.startsWith("META-INF/services/");
    }

    /** A fat jar at {@code jar} of the class path {@code classPath}, whose manifest starts {@code main}. */
    static Path fatJar(String classPath, String main, Path jar) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            try (JarFile from = new JarFile(entry)) {
                for (JarEntry e : java.util.Collections.list(from.entries())) {
                    String name = e.getName();
                    if (e.isDirectory() || dropped(name)) {
                        continue;
                    }
                    byte[] bytes;
                    try (InputStream in = from.getInputStream(e)) {
                        bytes = in.readAllBytes();
                    }
                    byte[] before = entries.get(name);
                    if (before == null) {
                        entries.put(name, bytes);
                    } else if (appended(name)) {
                        ByteArrayOutputStream both = new ByteArrayOutputStream();
                        both.write(before);
                        both.write('\n');
                        both.write(bytes);
                        entries.put(name, both.toByteArray());
                    }
                }
            }
        }
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, main);
        Files.createDirectories(jar.getParent());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                out.putNextEntry(new JarEntry(e.getKey()));
                out.write(e.getValue());
                out.closeEntry();
            }
        }
        return jar;
    }

    /**
     * A jar at {@code jar} of {@code classes} alone (and the classes they declare): a host's own,
     * such as an application server's, whose class path has none of its plugins' classes.
     */
    static Path classesJar(Path jar, Class<?>... classes) throws IOException {
        Files.createDirectories(jar.getParent());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Class<?> c : classes) {
                addClass(out, c);
            }
        }
        return jar;
    }

    private static void addClass(JarOutputStream out, Class<?> c) throws IOException {
        String file = c.getName().replace('.', '/') + ".class";
        try (InputStream in = c.getClassLoader().getResourceAsStream(file)) {
            if (in == null) {
                throw new IOException(file + " is not on the class path");
            }
            out.putNextEntry(new JarEntry(file));
            out.write(in.readAllBytes());
            out.closeEntry();
        }
        for (Class<?> nested : c.getDeclaredClasses()) {
            addClass(out, nested);
        }
    }

    private static boolean dropped(String name) {
        return name.equals("META-INF/MANIFEST.MF")
                || name.endsWith("module-info.class")
                || (name.startsWith("META-INF/")
                        && (name.endsWith(".SF") || name.endsWith(".RSA") || name.endsWith(".DSA")));
    }

    /**
     * A distribution in {@code home}: the class path's jars in {@code lib/}, and {@code bin/NAME},
     * a script that runs {@code main} with {@code $JAVA} (or {@code java}) and {@code $JAVA_OPTS},
     * the class path {@code lib/*}. Returns the script.
     */
    static Path distribution(String classPath, String main, Path home, String name) throws IOException {
        Path lib = Files.createDirectories(home.resolve("lib"));
        List<String> jars = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            Path from = Path.of(entry);
            Files.copy(from, lib.resolve(from.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            jars.add(from.getFileName().toString());
        }
        Path script = Files.createDirectories(home.resolve("bin")).resolve(name);
        Files.writeString(
                script,
                String.join(
                        "\n",
                        "#!/bin/sh",
                        "# Starts " + main + " (" + jars.size() + " jars in lib/); JAVA_OPTS go to the JVM.",
                        "APP_HOME=\"$(cd \"$(dirname \"$0\")/..\" && pwd)\"",
                        "exec \"${JAVA:-java}\" $JAVA_OPTS -cp \"$APP_HOME/lib/*\" " + main + " \"$@\"",
                        ""),
                StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }
}
