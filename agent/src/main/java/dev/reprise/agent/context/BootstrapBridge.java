package dev.reprise.agent.context;

import dev.reprise.agent.health.AgentLog;

/**
 * The agent's handlers for the JDK's hooks ({@code dev.reprise.boot}) may be set only once their
 * bridge class is in the bootstrap class loader, where the JDK's classes find it: else the JDK
 * would call a copy that no handler reaches. One check for every bridge.
 */
final class BootstrapBridge {
    private BootstrapBridge() {}

    /** Whether {@code bridge} is in the bootstrap class loader; else an internal error {@code installing WHAT}. */
    static boolean ready(Class<?> bridge, String what) {
        if (bridge.getClassLoader() == null) {
            return true;
        }
        AgentLog.internalError(
                "installing " + what,
                new IllegalStateException(bridge.getName() + " was loaded by " + bridge.getClassLoader()
                        + ", not by the bootstrap class loader"));
        return false;
    }
}
