package dev.reprise.agent.instrumentation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.InputStream;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.Test;

/**
 * On the JDK this build runs on, every JDK hook matches its method (the clock and random sources,
 * the thread pools' submit methods, every CompletableFuture stage method): a JDK that renamed one
 * would be reported at start, not silently left out. (The JVM verifies the hooked classes in
 * every recording the ITs make.)
 */
class JdkHooksTest {
    @Test
    void everyNamedHookMatchesThisJdkAndTheClassesStillVerify() throws Exception {
        Set<String> present = new HashSet<>();
        JdkHookTally tally = new JdkHookTally();
        for (String type : JdkHooks.NAMED_TYPES) {
            byte[] original = classFile(type);
            if (original == null) {
                continue; // not in this JDK
            }
            present.add(type);
            assertNotNull(JdkHooks.transform(type, original, tally), type + " has hooks but none was applied");
        }
        assertEquals(List.of(), JdkHooks.unmatched(tally));
        assertEquals(List.of(), tally.unread(present));
    }

    @Test
    void aJdkWithoutAHookedMethodIsToldApartFromATypeThatWasNeverRead() throws Exception {
        JdkHookTally tally = new JdkHookTally();
        JdkHooks.transform("java/util/Random", withoutMethod(classFile("java/util/Random"), "next"), tally);
        assertEquals(List.of("java.util.Random.next"), JdkHooks.unmatched(tally));
        // A type the transformer never saw (the JVM exiting mid-retransformation) is not a changed JDK.
        assertEquals(List.of("java/time/Clock"), tally.unread(Set.of("java/util/Random", "java/time/Clock")));
    }

    private static byte[] classFile(String type) throws Exception {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(type + ".class")) {
            return in == null ? null : in.readAllBytes();
        }
    }

    /** The class file with {@code method} renamed, as a JDK that dropped it would have it. */
    private static byte[] withoutMethod(byte[] bytes, String method) {
        ClassWriter writer = new ClassWriter(0);
        new ClassReader(bytes)
                .accept(
                        new ClassVisitor(Opcodes.ASM9, writer) {
                            @Override
                            public MethodVisitor visitMethod(
                                    int access, String name, String descriptor, String signature, String[] exceptions) {
                                return super.visitMethod(
                                        access,
                                        name.equals(method) ? name + "Renamed" : name,
                                        descriptor,
                                        signature,
                                        exceptions);
                            }
                        },
                        0);
        return writer.toByteArray();
    }
}
