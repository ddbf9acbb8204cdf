package dev.reprise.agent.instrumentation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.InputStream;
import java.util.Enumeration;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.Test;

class InstrumentationsTest {
    /**
     * Only the listed types reach ByteBuddy: every Akka and Scala class an instrumentation matches
     * must be listed, and every listed type must be matched.
     */
    @Test
    void theListedTypesAreExactlyThoseTheInstrumentationsMatch() throws Exception {
        var rules = TypeTransformations.collect(agent -> Instrumentations.akka(agent, true));
        TypePool pool = new TypePool.Default.WithLazyResolution(
                new TypePool.CacheProvider.Simple(),
                ClassFileLocator.ForClassLoader.of(getClass().getClassLoader()),
                TypePool.Default.ReaderMode.FAST);
        Set<String> matched = new TreeSet<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.endsWith(".jar")
                    || !(entry.contains("akka-actor")
                            || entry.contains("akka-stream")
                            || entry.contains("akka-http")
                            || entry.contains("scala-"))) {
                continue;
            }
            try (JarFile jar = new JarFile(entry)) {
                for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                    String n = e.nextElement().getName();
                    if (n.endsWith(".class") && !n.contains("module-info")) {
                        String name = n.substring(0, n.length() - 6).replace('/', '.');
                        TypeDescription type = pool.describe(name).resolve();
                        if (rules.stream().anyMatch(r -> r.type().matches(type))) {
                            matched.add(name);
                        }
                    }
                }
            }
        }
        Set<String> listed = new TreeSet<>(HookedTypes.ALL);
        // Scala 2.13's own converter replaced scala-java8-compat's; only one of them is on this class path.
        // Await's FutureValue came with Scala 2.13.13 (Pekko 1.7 brings it; this class path has 2.13.12).
        Set<String> absent = new TreeSet<>(listed);
        absent.removeAll(matched);
        assertTrue(
                absent.stream().allMatch(n -> n.endsWith("$CF") || n.equals("scala.concurrent.Await$FutureValue$")),
                "listed but matched by no instrumentation: " + absent);
        Set<String> unlisted = new TreeSet<>(matched);
        unlisted.removeAll(listed);
        assertEquals(Set.of(), unlisted, "matched by an instrumentation but not listed in HookedTypes.ALL");
    }

    @Test
    void callSitesAreFoundByAScanOfTheConstantPool() throws Exception {
        assertTrue(CallSites.mentionsClock(classFile("dev/reprise/programs/TimersAndInputProgram$Clocked")));
        assertFalse(CallSites.mentionsClock(classFile("dev/reprise/programs/ProgramConfig")));
        assertFalse(CallSites.mentionsClock(new byte[] {1, 2, 3}));
    }

    @Test
    void clockCallsAreRedirectedThroughTheConstantPoolAlone() throws Exception {
        byte[] original = classFile("dev/reprise/programs/TimersAndInputProgram$Clocked");
        byte[] redirected = CallSites.redirect(original);
        assertNotNull(redirected);
        java.util.List<String> calls = new java.util.ArrayList<>();
        new net.bytebuddy.jar.asm.ClassReader(redirected)
                .accept(
                        new net.bytebuddy.jar.asm.ClassVisitor(net.bytebuddy.jar.asm.Opcodes.ASM9) {
                            @Override
                            public net.bytebuddy.jar.asm.MethodVisitor visitMethod(
                                    int access, String name, String descriptor, String signature, String[] exceptions) {
                                return new net.bytebuddy.jar.asm.MethodVisitor(net.bytebuddy.jar.asm.Opcodes.ASM9) {
                                    @Override
                                    public void visitMethodInsn(
                                            int opcode, String owner, String n, String d, boolean itf) {
                                        if (n.equals("currentTimeMillis") || n.equals("nanoTime")) {
                                            calls.add(owner + "." + n + d);
                                        }
                                    }
                                };
                            }
                        },
                        0);
        assertEquals(
                java.util.List.of(
                        "dev/reprise/boot/SystemCallHooks.currentTimeMillis()J",
                        "dev/reprise/boot/SystemCallHooks.nanoTime()J"),
                calls);
        assertEquals(
                original.length + 3 + "dev/reprise/boot/SystemCallHooks".length() + 3,
                redirected.length,
                "two pool entries more, nothing else");
        assertNull(CallSites.redirect(classFile("dev/reprise/programs/ProgramConfig")));
    }

    @Test
    void theJdkHooksRewriteOnlyTheirMethods() throws Exception {
        byte[] random = classFile("java/util/Random");
        byte[] hooked = JdkHooks.transform("java/util/Random", random, new JdkHookTally());
        assertNotNull(hooked);
        assertTrue(new String(hooked, java.nio.charset.StandardCharsets.ISO_8859_1)
                .contains("dev/reprise/boot/SystemCallHooks"));
        assertNull(JdkHooks.transform("java/util/ArrayList", classFile("java/util/ArrayList"), new JdkHookTally()));
        assertTrue(JdkHooks.hooks("jdk/internal/random/L32X64MixRandom"));
        assertFalse(JdkHooks.hooks("jdk/internal/random/sub/Other"));
    }

    private byte[] classFile(String internalName) throws Exception {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
            assertNotNull(in, internalName);
            return in.readAllBytes();
        }
    }
}
