package dev.reprise.agent.instrumentation;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.Set;

/**
 * Defines classes from their class files in a class loader of the agent's choosing: the bootstrap
 * one ({@link Bridge}), or the one that loads the application's Akka ({@code LoaderStart}). It
 * uses the JDK's internal {@code Unsafe}, which {@code java.base} is made to export to the
 * agent's module: {@code ClassLoader.defineClass} is not open to the agent, and no lookup class of
 * the target loader exists yet.
 */
public final class ClassDefiner {
    private final Object unsafe;
    private final Method define;

    private ClassDefiner(Object unsafe, Method define) {
        this.unsafe = unsafe;
        this.define = define;
    }

    /** A definer; throws if the JDK does not let the agent reach its {@code Unsafe}. */
    public static ClassDefiner open(Instrumentation inst) throws ReflectiveOperationException {
        inst.redefineModule(
                Object.class.getModule(),
                Set.of(),
                Map.of("jdk.internal.misc", Set.of(ClassDefiner.class.getModule())),
                Map.of(),
                Set.of(),
                Map.of());
        Class<?> unsafeType = Class.forName("jdk.internal.misc.Unsafe");
        Object unsafe = unsafeType.getMethod("getUnsafe").invoke(null);
        Method define = unsafeType.getMethod(
                "defineClass",
                String.class,
                byte[].class,
                int.class,
                int.class,
                ClassLoader.class,
                ProtectionDomain.class);
        return new ClassDefiner(unsafe, define);
    }

    /** Defines {@code name} in {@code loader} (null: the bootstrap loader); its supertypes must resolve there. */
    public Class<?> define(String name, byte[] bytes, ClassLoader loader, ProtectionDomain domain)
            throws ReflectiveOperationException {
        return (Class<?>) define.invoke(unsafe, name, bytes, 0, bytes.length, loader, domain);
    }
}
