package dev.reprise.agent.instrumentation;

import dev.reprise.agent.health.AgentLog;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Defines {@code dev.reprise.boot.SystemCallHooks}, {@code TaskHooks} and {@code EndHooks} in the bootstrap class loader, where the JDK's own
 * classes and application classes of any class loader can call it, and lets {@code java.base}
 * read it. (Appending a jar to the bootstrap class path would do too, but it turns class data
 * sharing off for every non-bootstrap class and makes the JVM print a warning on standard output.)
 */
final class Bridge {
    /** In the order they are defined: the handler before the class that refers to it. */
    private static final List<String> CLASSES = List.of(
            "dev.reprise.boot.SystemCallHooks$Handler",
            "dev.reprise.boot.SystemCallHooks$Both",
            "dev.reprise.boot.SystemCallHooks",
            "dev.reprise.boot.TaskHooks$Handler",
            "dev.reprise.boot.TaskHooks$Both",
            "dev.reprise.boot.TaskHooks",
            "dev.reprise.boot.EndHooks$Handler",
            "dev.reprise.boot.EndHooks$Both",
            "dev.reprise.boot.EndHooks");

    private Bridge() {}

    /** True if the bridge is in the bootstrap class loader: the JDK's classes may then be hooked. */
    static boolean install(Instrumentation inst) {
        try {
            ClassDefiner definer = ClassDefiner.open(inst);
            Class<?> hooks = null;
            for (String name : CLASSES) {
                byte[] bytes;
                try (InputStream in =
                        Bridge.class.getClassLoader().getResourceAsStream(name.replace('.', '/') + ".class")) {
                    if (in == null) {
                        throw new IllegalStateException(name + " is missing from the agent");
                    }
                    bytes = in.readAllBytes();
                }
                hooks = definer.define(name, bytes, null, null);
            }
            inst.redefineModule(
                    Object.class.getModule(), Set.of(hooks.getModule()), Map.of(), Map.of(), Set.of(), Map.of());
            return hooks.getClassLoader() == null;
        } catch (Throwable e) {
            AgentLog.internalError(
                    "defining the clock and random hooks in the bootstrap class loader"
                            + " (clock and random calls are not recorded)",
                    e);
            return false;
        }
    }
}
