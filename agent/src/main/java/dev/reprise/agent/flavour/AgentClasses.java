package dev.reprise.agent.flavour;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import net.bytebuddy.jar.asm.ClassReader;

/**
 * The agent's own classes, every one of package {@code dev.reprise.agent} and below (those that
 * name Akka's types and those that call them), as found in its jar or class folder: to load them all ahead
 * ({@link RenamedClasses#loadAll}), or to define them again in the class loader that loads the
 * application's Akka ({@code LoaderStart}).
 */
public final class AgentClasses {
    /** The package of the agent's classes, as a class file names it. */
    public static final String AGENT = "dev/reprise/agent/";

    private AgentClasses() {}

    /** Where the agent's classes are: its jar, or (a developer's build) a class folder. */
    public static Path where() throws URISyntaxException {
        return Path.of(AgentClasses.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
    }

    /** The binary names of the agent's classes in its jar or class folder. */
    static List<String> names() {
        List<String> names = new ArrayList<>();
        try {
            Path where = where();
            if (Files.isDirectory(where)) {
                try (Stream<Path> files = Files.walk(where.resolve(AGENT))) {
                    files.map(f -> where.relativize(f).toString().replace(File.separatorChar, '/'))
                            .forEach(n -> addClass(names, n));
                }
            } else {
                try (JarFile jar = new JarFile(where.toFile())) {
                    jar.stream().forEach(e -> addClass(names, e.getName()));
                }
            }
        } catch (IOException | URISyntaxException | RuntimeException e) {
            System.err.println("[reprise] internal error: cannot list the agent's classes: " + e);
        }
        return names;
    }

    private static void addClass(List<String> names, String entry) {
        if (entry.startsWith(AGENT) && entry.endsWith(".class") && !entry.endsWith("module-info.class")) {
            names.add(entry.substring(0, entry.length() - ".class".length()).replace('/', '.'));
        }
    }

    /**
     * Every agent class's class file, renamed for {@code flavour}, each after its superclass and
     * interfaces among them: a class defined in another loader must find its supertypes defined
     * there already, else that loader would resolve them to the agent's classes in the application class loader.
     */
    public static Map<String, byte[]> inDefinitionOrder(Flavour flavour) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (String name : names()) {
            files.put(name, RenamedClasses.rename(classFile(name), flavour));
        }
        Map<String, byte[]> ordered = new LinkedHashMap<>();
        for (String name : files.keySet()) {
            addAfterSupertypes(name, files, ordered);
        }
        return ordered;
    }

    private static void addAfterSupertypes(String name, Map<String, byte[]> files, Map<String, byte[]> ordered) {
        if (ordered.containsKey(name) || !files.containsKey(name)) {
            return;
        }
        ClassReader reader = new ClassReader(files.get(name));
        if (reader.getSuperName() != null) {
            addAfterSupertypes(reader.getSuperName().replace('/', '.'), files, ordered);
        }
        for (String type : reader.getInterfaces()) {
            addAfterSupertypes(type.replace('/', '.'), files, ordered);
        }
        ordered.put(name, files.get(name));
    }

    private static byte[] classFile(String name) {
        String file = name.replace('.', '/') + ".class";
        try (InputStream in = AgentClasses.class.getClassLoader().getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException(file + " is missing from the agent");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
