package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.asm.Advice;
import org.junit.jupiter.api.Test;

/**
 * Every hook says whether it matched: on the Akka and Scala classes this build is made for, all of
 * them do (in record and in replay mode); a hook meant for a method the class does not have is
 * reported, by method, instead of silently left out.
 */
class HookCheckTest {
    /** A class to instrument: it has {@code greet}, not {@code farewell}. */
    static final class Target {
        String greet() {
            return "hello";
        }
    }

    static final class Noop {
        @Advice.OnMethodEnter
        static void enter() {
            // nothing: only whether it matched counts
        }
    }

    @Test
    void aHookThatMatchesNoMethodIsReportedByName() throws Exception {
        String name = Target.class.getName().replace('.', '/');
        TypeTransformations t = new TypeTransformations(agent -> agent.type(named(Target.class.getName()))
                .transform((builder, type, loader, module, domain) -> builder.visit(
                                Hooks.advice(Noop.class, "greet", named("greet")))
                        .visit(Hooks.advice(Noop.class, "farewell", named("farewell")))));
        TypeTransformations.Result r = t.transform(
                getClass().getClassLoader().getUnnamedModule(),
                getClass().getClassLoader(),
                name,
                null,
                classFile(name));
        assertNotNull(r.bytes(), "the hook that matched is applied");
        assertEquals(List.of("farewell"), r.missingHooks());
    }

    @Test
    void everyHookMatchesTheAkkaAndScalaClassesOfThisBuild() throws Exception {
        for (boolean replay : new boolean[] {false, true}) {
            TypeTransformations t = new TypeTransformations(agent -> Instrumentations.akka(agent, replay));
            List<String> missing = new ArrayList<>();
            for (String type : HookedTypes.ALL) {
                String name = type.replace('.', '/');
                byte[] bytes = classFileOrNull(name);
                if (bytes == null) {
                    continue; // the other Scala version's stage converter
                }
                TypeTransformations.Result r = t.transform(
                        ClassLoader.getSystemClassLoader().getUnnamedModule(),
                        ClassLoader.getSystemClassLoader(),
                        name,
                        null,
                        bytes);
                r.missingHooks().forEach(m -> missing.add(type + "." + m));
            }
            assertEquals(List.of(), missing, "hooks that matched nothing" + (replay ? " in replay" : ""));
        }
    }

    private static byte[] classFile(String internalName) throws Exception {
        byte[] b = classFileOrNull(internalName);
        assertNotNull(b, internalName);
        return b;
    }

    private static byte[] classFileOrNull(String internalName) throws Exception {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
            return in == null ? null : in.readAllBytes();
        }
    }
}
