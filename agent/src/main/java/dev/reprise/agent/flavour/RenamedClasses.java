package dev.reprise.agent.flavour;

import java.io.IOException;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.commons.ClassRemapper;
import net.bytebuddy.jar.asm.commons.Remapper;

/**
 * The agent's own classes, compiled against Akka, as another {@link Flavour} needs them: every
 * reference to a type of Akka's package ({@code akka/actor/ActorRef}) and every Scala-mangled
 * member name of Akka's ({@code akka$actor$...}) renamed to the flavour's, as a shading tool
 * would. Strings are left alone: the agent names classes and configuration keys in strings
 * through {@link Flavour} itself. For Akka, nothing is renamed and nothing is installed.
 */
public final class RenamedClasses implements ClassFileTransformer {
    private final Flavour flavour;
    private final ClassLoader agentLoader;

    private RenamedClasses(Flavour flavour, ClassLoader agentLoader) {
        this.flavour = flavour;
        this.agentLoader = agentLoader;
    }

    /**
     * From now on, the agent's classes that {@code agentLoader} defines are renamed for
     * {@code flavour} as they load; must run before any of them that names Akka loads.
     */
    public static void install(Instrumentation inst, Flavour flavour, ClassLoader agentLoader) {
        if (flavour != Flavour.AKKA) {
            inst.addTransformer(new RenamedClasses(flavour, agentLoader), false);
        }
    }

    /**
     * Loads every class of the agent's (not linked, which would need Pekko's classes), renamed,
     * before the agent instruments Pekko's: the JVM passes no class to a transformer while one
     * runs on the same thread, so one the agent first needs while it instruments a Pekko class
     * would load as compiled. After the bootstrap bridges are defined, whose types some of them
     * implement.
     */
    public static void loadAll(ClassLoader agentLoader) {
        if (Flavour.current() == Flavour.AKKA) {
            return;
        }
        for (String name : AgentClasses.names()) {
            try {
                Class.forName(name, false, agentLoader);
            } catch (ClassNotFoundException | LinkageError e) {
                System.err.println(
                        "[reprise] internal error: cannot load " + name + " for " + Flavour.current().title + ": " + e);
            }
        }
    }

    @Override
    public byte[] transform(
            Module module, ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain, byte[] bytes) {
        if (loader != agentLoader || name == null || !name.startsWith(AgentClasses.AGENT)) {
            return null;
        }
        try {
            return rename(bytes, flavour);
        } catch (RuntimeException e) { // the class loads as compiled: its first use of Akka's names fails
            System.err.println("[reprise] internal error: cannot rename " + name + " for " + flavour.title + ": " + e);
            return null;
        }
    }

    /** The class file {@code bytes} with Akka's names renamed to {@code flavour}'s (the same bytes for Akka). */
    public static byte[] rename(byte[] bytes, Flavour flavour) {
        if (flavour == Flavour.AKKA) {
            return bytes;
        }
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(0);
        reader.accept(new ClassRemapper(writer, new ToFlavour(flavour)), 0);
        return writer.toByteArray();
    }

    /**
     * The class files of the agent's own classes (its advice, which ByteBuddy copies into the
     * hooked methods) as they are loaded: renamed for the current flavour.
     */
    public static ClassFileLocator locator(ClassLoader agentLoader) {
        ClassFileLocator raw = ClassFileLocator.ForClassLoader.of(agentLoader);
        Flavour flavour = Flavour.current();
        if (flavour == Flavour.AKKA) {
            return raw;
        }
        return new ClassFileLocator() {
            @Override
            public Resolution locate(String name) throws IOException {
                Resolution r = raw.locate(name);
                return r.isResolved() ? new Resolution.Explicit(rename(r.resolve(), flavour)) : r;
            }

            @Override
            public void close() throws IOException {
                raw.close();
            }
        };
    }

    /** Akka's package and mangled names to the flavour's. */
    static class ToFlavour extends Remapper {
        private final Flavour flavour;

        ToFlavour(Flavour flavour) {
            this.flavour = flavour;
        }

        @Override
        public String map(String internalName) {
            return internalName.startsWith("akka/") ? flavour.internal(internalName) : internalName;
        }

        @Override
        public String mapMethodName(String owner, String name, String descriptor) {
            return mapped(name);
        }

        @Override
        public String mapFieldName(String owner, String name, String descriptor) {
            return mapped(name);
        }

        private String mapped(String name) {
            return name.contains("akka$") ? flavour.member(name) : name;
        }
    }
}
