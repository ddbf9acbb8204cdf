package dev.reprise.agent.instrumentation;

import dev.reprise.agent.health.AgentLog;
import java.util.concurrent.CountDownLatch;

/**
 * The JDK's clock and random classes hooked before the agent starts ({@link
 * Instrumentations#hookJdkAhead}), and the call-site pointing of the classes that load meanwhile:
 * a program's class that loads before its Akka does (its main class, a Spring bean) has its clock
 * calls pointed at the agent as it would with Akka on the class path.
 */
public final class JdkHookedAhead {
    /** The JDK's hooking can take seconds on a busy machine; an Akka loader waits this long for it at most. */
    private static final long WAIT_SECONDS = 60;

    private final CallSites callSites;
    final CountDownLatch hooked = new CountDownLatch(1);

    JdkHookedAhead(CallSites callSites) {
        this.callSites = callSites;
    }

    /** The class file with its clock calls pointed at the agent, or null to leave it as it is. */
    public byte[] pointCallSites(ClassLoader loader, String name, byte[] bytes) {
        try {
            return callSites == null ? null : callSites.transform(loader, name, bytes);
        } catch (Throwable e) {
            AgentLog.internalError("instrumenting " + name, e);
            return null;
        }
    }

    /** Waits until the JDK's classes are hooked (or hooking them failed, or took too long). */
    public void awaitHooked() {
        try {
            if (!hooked.await(WAIT_SECONDS, java.util.concurrent.TimeUnit.SECONDS)) {
                AgentLog.internalError(
                        "hooking the JDK's clock and random generators",
                        new IllegalStateException("not done after " + WAIT_SECONDS + " s"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
