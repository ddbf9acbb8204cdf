package dev.reprise.agent.context;

import dev.reprise.agent.Agent;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.boot.EndHooks;

/**
 * How the run ends, from the JDK ({@link EndHooks}): the status {@code System.exit} is called with,
 * and an exception that ends {@code main} (whose JVM then exits with status 1). The mode records
 * it in the trace's metadata, or in replay checks it against the recording.
 */
public final class RunEnds extends EndHooks.Handler {
    private static final RunEnds INSTANCE = new RunEnds();

    private RunEnds() {}

    /** The run's end is followed from now on. Only once the bridge is in the bootstrap class loader. */
    public static void install() {
        if (BootstrapBridge.ready(EndHooks.class, "the exit hooks")) {
            EndHooks.add(INSTANCE);
        }
    }

    @Override
    public void exiting(int status) {
        try {
            Mode m = Agent.mode;
            if (m != null) {
                m.exiting(status);
            }
        } catch (Throwable e) {
            AgentLog.internalError("following the exit", e);
        }
    }

    @Override
    public void uncaught(Thread thread, Throwable exception) {
        try {
            Mode m = Agent.mode;
            if (m != null && thread == m.mainThread()) {
                m.mainThrew(exception);
            }
        } catch (Throwable e) {
            AgentLog.internalError("following an uncaught exception", e);
        }
    }
}
