package dev.reprise.agent.instrumentation;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What {@link JdkHooks#transform} did with the hooked JDK types it was given: which types it read
 * and which hooks it applied. A hook of a type that was read but not applied means this JDK has no
 * such method (a version the agent does not know); a type that was never read means its
 * retransformation did not reach the agent, which is also what happens when the JVM exits while
 * the agent's start-up thread is still hooking the JDK (the JVM then no longer posts class file
 * events), so that case alone must not be taken for a changed JDK.
 */
final class JdkHookTally {
    private final Set<String> read = ConcurrentHashMap.newKeySet();
    private final Set<String> applied = ConcurrentHashMap.newKeySet();

    void read(String internalName) {
        read.add(internalName);
    }

    void applied(String internalName, String method, String descriptor) {
        applied.add(internalName + "." + method + descriptor);
    }

    /** The hooks ("type.method", binary type names) of types that were read and have no method the hook names. */
    List<String> unmatched(List<JdkHooks.Hook> hooks) {
        return hooks.stream()
                .filter(h -> read.contains(h.type()) && !applied.contains(h.type() + "." + h.method() + h.descriptor()))
                .map(h -> h.type().replace('/', '.') + "." + h.method())
                .distinct()
                .toList();
    }

    /** The types of {@code loaded} (internal names) that were never read. */
    List<String> unread(Set<String> loaded) {
        return loaded.stream().filter(t -> !read.contains(t)).sorted().toList();
    }
}
