package dev.reprise.agent.instrumentation;

import dev.reprise.agent.flavour.RenamedClasses;
import java.lang.reflect.Method;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.asm.MemberSubstitution;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * Advice that knows whether it matched: every hook is declared with the method it is meant for,
 * and {@link TypeTransformations} lists those that matched no method of the class being
 * instrumented (another Akka or Scala version), instead of ByteBuddy silently leaving them out.
 * The bookkeeping happens while a class is instrumented, never when it runs.
 */
final class Hooks {
    /** The hooks declared and matched while the current thread instruments a class; null when it does not. */
    private static final ThreadLocal<Check> CURRENT = new ThreadLocal<>();

    private Hooks() {}

    /**
     * {@code advice} on the methods {@code methods} matches; {@code method} names them in the
     * check (the method's name, {@code <init>} for constructors).
     */
    static AsmVisitorWrapper advice(Class<?> advice, String method, ElementMatcher<? super MethodDescription> methods) {
        // Read as the agent's classes load (renamed for Pekko), not as compiled.
        return hook(
                Advice.to(TypeDescription.ForLoadedType.of(advice), RenamedClasses.locator(advice.getClassLoader())),
                method,
                methods);
    }

    /**
     * {@code substitution} (calls to another method put in place of some calls) in the methods
     * {@code methods} matches; {@code method} names them in the check. The check knows that such a
     * method exists, not that it still makes the call replaced: a test that records through it does.
     */
    static AsmVisitorWrapper substitution(
            MemberSubstitution substitution, String method, ElementMatcher<? super MethodDescription> methods) {
        return hook(substitution, method, methods);
    }

    /**
     * The public static helper {@code owner.name(parameters)} that a substitution calls instead:
     * the agent's own method, so a missing one is the agent's bug, thrown at once.
     */
    static Method helper(Class<?> owner, String name, Class<?>... parameters) {
        try {
            return owner.getMethod(name, parameters);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(owner.getSimpleName() + "." + name + " is missing", e);
        }
    }

    private static AsmVisitorWrapper hook(
            AsmVisitorWrapper.ForDeclaredMethods.MethodVisitorWrapper wrapper,
            String method,
            ElementMatcher<? super MethodDescription> methods) {
        Check check = CURRENT.get();
        if (check != null) {
            check.declared.add(method);
        }
        return new AsmVisitorWrapper.ForDeclaredMethods()
                .invokable(methods, (type, m, visitor, context, pool, writerFlags, readerFlags) -> {
                    if (check != null) {
                        check.matched.add(method);
                    }
                    return wrapper.wrap(type, m, visitor, context, pool, writerFlags, readerFlags);
                });
    }

    /** The hooks of one class being instrumented. */
    static final class Check implements AutoCloseable {
        private final Set<String> declared = new LinkedHashSet<>();
        private final Set<String> matched = new LinkedHashSet<>();

        /** Starts checking the hooks the current thread declares from now on, until {@link #close()}. */
        static Check start() {
            Check c = new Check();
            CURRENT.set(c);
            return c;
        }

        /** The declared hooks that matched no method, in the order they were declared. */
        List<String> missing() {
            return declared.stream().filter(m -> !matched.contains(m)).toList();
        }

        @Override
        public void close() {
            CURRENT.remove();
        }
    }
}
