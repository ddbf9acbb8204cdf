package dev.reprise.agent.context;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Which copy of the agent's classes this is, and what it shares with the others. With Akka on the
 * application's class path there is one copy. Without it, each class loader that has an Akka of its
 * own (a Spring Boot jar's, each plugin's) gets a copy of the agent's classes of its own ({@code
 * LoaderStart}), numbered from 1 as they start: one trace, one id space, one replay for all. Being
 * classes of different loaders, copies share objects of the JDK's types only, by name, in {@code
 * shared}.
 *
 * @param number 1 for the only or the first copy
 * @param inLoader whether the copy is one that a class loader of the application's own defined
 *     ({@code LoaderStart}): another may start in another loader at any time, so the recording
 *     ends when the JVM exits, not when the last actor system terminates
 * @param shared what the copies share, by name
 */
public record AgentCopy(int number, boolean inLoader, Map<String, Object> shared) {
    /** The only copy: the agent started with Akka on the application's class path (or a test's). */
    public static AgentCopy only() {
        return new AgentCopy(1, false, new ConcurrentHashMap<>());
    }

    /** Whether this is the first copy (or the only one): what is done once per JVM, it does. */
    public boolean first() {
        return number == 1;
    }

    /** The shared object named {@code name}, made by {@code first} for the first copy that asks. */
    @SuppressWarnings("unchecked")
    public <T> T shared(String name, Supplier<T> first) {
        return (T) shared.computeIfAbsent(name, n -> first.get());
    }

    /**
     * The name in the trace of this copy's outside context {@code context}: as it is for the first
     * copy; another's with its number, since each copy's program has a {@code thread:main} of its own.
     */
    public String sourceName(String context) {
        return first() ? context : context + " (class loader " + number + ")";
    }
}
