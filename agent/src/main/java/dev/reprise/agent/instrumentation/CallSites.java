package dev.reprise.agent.instrumentation;

import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * {@code System.currentTimeMillis()} and {@code System.nanoTime()} are JIT intrinsics, which an
 * agent cannot hook at their source: their call sites (calls, method references) are replaced
 * with {@code SourceHooks.currentTimeMillis()}/{@code nanoTime()}, in the application's own
 * classes only. A class is rewritten only if its constant pool names one of them (a scan of the
 * bytes, no parsing), so start-up stays cheap with large libraries on the class path.
 */
final class CallSites {
    private static final String SYSTEM = "java/lang/System";
    private static final String HOOKS = "dev/reprise/boot/SourceHooks";
    private static final byte[] MILLIS = "currentTimeMillis".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NANOS = "nanoTime".getBytes(StandardCharsets.US_ASCII);

    /** Name filter (include and exclude options); binary names. */
    private final Predicate<String> names;
    /** True: only classes from class-path directories or the main class's jar; false: the include option decides alone. */
    private final boolean byLocation;
    /** The main class (internal name), whose jar holds application classes; null if run with -jar. */
    private final String mainClass;
    /** Code source locations (URL strings) of application classes: the main jar once known. */
    private final Set<String> applicationJars = ConcurrentHashMap.newKeySet();

    CallSites(Predicate<String> names, boolean byLocation, String command) {
        this.names = names;
        this.byLocation = byLocation;
        String first = command == null ? "" : command.trim().split("\\s+", 2)[0];
        if (first.endsWith(".jar")) {
            mainClass = null;
            try {
                applicationJars.add(new java.io.File(first).getAbsoluteFile().toURI().toURL().toString());
            } catch (java.net.MalformedURLException | RuntimeException e) {
                // no main jar then: directories only
            }
        } else {
            int slash = first.indexOf('/'); // -m module/class
            mainClass = (slash >= 0 ? first.substring(slash + 1) : first).replace('.', '/');
        }
    }

    /** The rewritten class, or null to leave it as it is. */
    byte[] transform(String name, ProtectionDomain domain, byte[] bytes) {
        if (name == null || !inScope(name, domain) || !mentionsClock(bytes)) {
            return null;
        }
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, 0);
        boolean[] changed = new boolean[1];
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String method, String descriptor, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, method, descriptor, signature, exceptions)) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String m, String desc, boolean itf) {
                        if (opcode == Opcodes.INVOKESTATIC && isClock(owner, m, desc)) {
                            changed[0] = true;
                            super.visitMethodInsn(opcode, HOOKS, m, desc, false);
                        } else {
                            super.visitMethodInsn(opcode, owner, m, desc, itf);
                        }
                    }

                    @Override
                    public void visitInvokeDynamicInsn(String n, String desc, Handle bootstrap, Object... arguments) {
                        for (int i = 0; i < arguments.length; i++) {
                            arguments[i] = replaced(arguments[i], changed);
                        }
                        super.visitInvokeDynamicInsn(n, desc, bootstrap, arguments);
                    }

                    @Override
                    public void visitLdcInsn(Object value) {
                        super.visitLdcInsn(replaced(value, changed));
                    }
                };
            }
        }, 0);
        return changed[0] ? writer.toByteArray() : null;
    }

    private static boolean isClock(String owner, String name, String descriptor) {
        return owner.equals(SYSTEM) && descriptor.equals("()J") && (name.equals("currentTimeMillis") || name.equals("nanoTime"));
    }

    /** A method reference {@code System::nanoTime} becomes {@code SourceHooks::nanoTime}. */
    private static Object replaced(Object constant, boolean[] changed) {
        if (constant instanceof Handle h && h.getTag() == Opcodes.H_INVOKESTATIC && isClock(h.getOwner(), h.getName(), h.getDesc())) {
            changed[0] = true;
            return new Handle(Opcodes.H_INVOKESTATIC, HOOKS, h.getName(), h.getDesc(), false);
        }
        return constant;
    }

    boolean inScope(String internalName, ProtectionDomain domain) {
        String location = location(domain);
        if (mainClass != null && internalName.equals(mainClass) && location != null && location.endsWith(".jar")) {
            applicationJars.add(location);
        }
        if (!names.test(internalName.replace('/', '.'))) {
            return false;
        }
        if (!byLocation) {
            return true;
        }
        return location != null && (location.endsWith("/") || applicationJars.contains(location));
    }

    private static String location(ProtectionDomain domain) {
        CodeSource source = domain == null ? null : domain.getCodeSource();
        URL url = source == null ? null : source.getLocation();
        return url == null ? null : url.toString();
    }

    /**
     * Whether the constant pool holds the UTF-8 entry "currentTimeMillis" or "nanoTime": a walk
     * over the pool's entries, comparing lengths first.
     */
    static boolean mentionsClock(byte[] b) {
        try {
            if (b.length < 10 || (b[0] & 0xFF) != 0xCA || (b[1] & 0xFF) != 0xFE) {
                return false;
            }
            int count = u2(b, 8);
            int p = 10;
            for (int i = 1; i < count; i++) {
                int tag = b[p] & 0xFF;
                switch (tag) {
                    case 1 -> {
                        int len = u2(b, p + 1);
                        if ((len == MILLIS.length && equal(b, p + 3, MILLIS)) || (len == NANOS.length && equal(b, p + 3, NANOS))) {
                            return true;
                        }
                        p += 3 + len;
                    }
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> p += 5;
                    case 5, 6 -> {
                        p += 9;
                        i++;
                    }
                    case 7, 8, 16, 19, 20 -> p += 3;
                    case 15 -> p += 4;
                    default -> {
                        return true; // a pool we do not understand: let the rewriter look
                    }
                }
            }
            return false;
        } catch (ArrayIndexOutOfBoundsException e) {
            return true;
        }
    }

    private static int u2(byte[] b, int p) {
        return ((b[p] & 0xFF) << 8) | (b[p + 1] & 0xFF);
    }

    private static boolean equal(byte[] b, int p, byte[] s) {
        for (int i = 0; i < s.length; i++) {
            if (b[p + i] != s[i]) {
                return false;
            }
        }
        return true;
    }
}
