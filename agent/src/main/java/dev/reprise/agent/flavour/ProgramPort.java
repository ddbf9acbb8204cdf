package dev.reprise.agent.flavour;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.jar.asm.commons.ClassRemapper;
import net.bytebuddy.pool.TypePool;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * An Akka program's jar ported to Pekko, as Pekko's migration guide ports one by hand: its
 * classes' references to Akka's types renamed ({@link RenamedClasses}), and in its strings and
 * configuration files Akka's class names become Pekko's ({@code akka.actor.ActorRef} to
 * {@code org.apache.pekko.actor.ActorRef}), configuration keys move to Pekko's root
 * ({@code akka.loglevel} to {@code pekko.loglevel}) and actor paths to its scheme
 * ({@code akka://} to {@code pekko://}). A call is linked against the Pekko it will run on as a
 * recompile would link it: where Pekko narrowed a method's return type (a source-compatible
 * change that breaks compiled callers), the call names Pekko's. The build uses it to run every
 * Akka test program on Pekko too:
 * {@code java -cp reprise-agent.jar dev.reprise.agent.flavour.ProgramPort IN.jar OUT.jar PEKKO_CLASS_PATH}.
 */
public final class ProgramPort {
    private ProgramPort() {}

    /** {@code akka} as a word, followed by what says what it names. */
    private static final Pattern AKKA = Pattern.compile("(?<![\\w.$/-])akka(://|\\.[\\w.$-]*|/)");

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: ProgramPort AKKA_PROGRAM.jar PEKKO_PROGRAM.jar PEKKO_CLASS_PATH");
            System.exit(2);
        }
        port(
                Path.of(args[0]),
                Path.of(args[1]),
                Arrays.stream(args[2].split(File.pathSeparator)).map(Path::of).toList());
    }

    /**
     * Writes {@code akkaJar}'s classes and files, ported to Pekko, to {@code pekkoJar}; its calls
     * linked against {@code pekkoClassPath} (Pekko's jars).
     */
    public static void port(Path akkaJar, Path pekkoJar, List<Path> pekkoClassPath) throws IOException {
        List<ClassFileLocator> jars = new ArrayList<>();
        for (Path jar : pekkoClassPath) {
            jars.add(ClassFileLocator.ForJarFile.of(jar.toFile()));
        }
        jars.add(ClassFileLocator.ForClassLoader.ofPlatformLoader());
        try (ClassFileLocator pekko = new ClassFileLocator.Compound(jars)) {
            port(akkaJar, pekkoJar, TypePool.Default.of(pekko));
        }
    }

    private static void port(Path akkaJar, Path pekkoJar, TypePool pekko) throws IOException {
        Files.createDirectories(pekkoJar.toAbsolutePath().getParent());
        try (InputStream raw = Files.newInputStream(akkaJar);
                JarInputStream in = new JarInputStream(raw);
                JarOutputStream out = in.getManifest() == null
                        ? new JarOutputStream(Files.newOutputStream(pekkoJar))
                        : new JarOutputStream(Files.newOutputStream(pekkoJar), in.getManifest())) {
            for (JarEntry e; (e = in.getNextJarEntry()) != null; ) {
                byte[] bytes = in.readAllBytes();
                String name = e.getName();
                if (name.endsWith(".class")) {
                    bytes = portClass(bytes, pekko);
                } else if (name.endsWith(".conf") || name.endsWith(".properties")) {
                    bytes = text(new String(bytes, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
                }
                out.putNextEntry(new JarEntry(name));
                out.write(bytes);
                out.closeEntry();
            }
        }
    }

    /** One class file of an Akka program, ported to Pekko, its calls linked against {@code pekko}. */
    static byte[] portClass(byte[] bytes, TypePool pekko) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(0);
        reader.accept(
                new ClassRemapper(new Linked(writer, pekko), new RenamedClasses.ToFlavour(Flavour.PEKKO) {
                    @Override
                    public Object mapValue(Object value) {
                        return value instanceof String s ? text(s) : super.mapValue(value);
                    }
                }),
                0);
        return writer.toByteArray();
    }

    /** Calls to Pekko's methods, their descriptors as Pekko declares them (see the class comment). */
    private static final class Linked extends ClassVisitor {
        private final TypePool pekko;

        Linked(ClassVisitor next, TypePool pekko) {
            super(OpenedClassReader.ASM_API, next);
            this.pekko = pekko;
        }

        @Override
        public MethodVisitor visitMethod(
                int access, String name, String descriptor, String signature, String[] exceptions) {
            return new MethodVisitor(api, super.visitMethod(access, name, descriptor, signature, exceptions)) {
                @Override
                public void visitMethodInsn(int opcode, String owner, String method, String desc, boolean itf) {
                    super.visitMethodInsn(opcode, owner, method, linked(owner, method, desc), itf);
                }
            };
        }

        /**
         * {@code desc} if {@code owner} (or a supertype) declares {@code name} with it; else the
         * descriptor of its method of that name and parameters whose return type is narrower.
         */
        private String linked(String owner, String name, String desc) {
            if (!Flavour.PEKKO.owns(owner) || owner.startsWith("[")) {
                return desc;
            }
            TypePool.Resolution type = pekko.describe(owner.replace('/', '.'));
            if (!type.isResolved()) {
                return desc;
            }
            String parameters = desc.substring(0, desc.indexOf(')') + 1);
            String narrower = null;
            for (TypeDescription t : hierarchy(type.resolve())) {
                for (MethodDescription.InDefinedShape m : t.getDeclaredMethods()) {
                    if (!m.getInternalName().equals(name)) {
                        continue;
                    }
                    String d = m.getDescriptor();
                    if (d.equals(desc)) {
                        return desc;
                    }
                    if (narrower == null && d.startsWith(parameters) && returnsNarrower(d, desc)) {
                        narrower = d;
                    }
                }
            }
            return narrower != null ? narrower : desc;
        }

        private boolean returnsNarrower(String candidate, String original) {
            Type was = Type.getReturnType(original);
            Type is = Type.getReturnType(candidate);
            if (was.getSort() != Type.OBJECT || is.getSort() != Type.OBJECT) {
                return false;
            }
            TypePool.Resolution narrow = pekko.describe(is.getClassName());
            TypePool.Resolution wide = pekko.describe(was.getClassName());
            return narrow.isResolved() && wide.isResolved() && narrow.resolve().isAssignableTo(wide.resolve());
        }

        private static List<TypeDescription> hierarchy(TypeDescription type) {
            List<TypeDescription> all = new ArrayList<>();
            List<TypeDescription> next = new ArrayList<>(List.of(type));
            while (!next.isEmpty()) {
                TypeDescription t = next.removeFirst();
                if (all.contains(t)) {
                    continue;
                }
                all.add(t);
                if (t.getSuperClass() != null) {
                    next.add(t.getSuperClass().asErasure());
                }
                t.getInterfaces().asErasures().forEach(next::add);
            }
            return all;
        }
    }

    /** Akka's names in a string or a configuration file, as Pekko names them. */
    static String text(String s) {
        if (!s.contains("akka")) {
            return s;
        }
        Matcher m = AKKA.matcher(s);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String rest = m.group(1);
            String ported;
            if (rest.equals("://")) {
                ported = Flavour.PEKKO.configRoot + "://";
            } else if (rest.equals("/")) {
                ported = Flavour.PEKKO.rootPackage.replace('.', '/') + "/";
            } else if (namesClass(rest)) {
                ported = Flavour.PEKKO.type("akka" + rest);
            } else {
                ported = Flavour.PEKKO.config("akka" + rest);
            }
            m.appendReplacement(out, Matcher.quoteReplacement(ported));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Whether {@code .a.b.C...} names a class (a segment that starts upper case), not a configuration key. */
    private static boolean namesClass(String dotted) {
        for (String segment : dotted.split("[.$]")) {
            if (!segment.isEmpty() && Character.isUpperCase(segment.charAt(0))) {
                return true;
            }
        }
        return false;
    }
}
