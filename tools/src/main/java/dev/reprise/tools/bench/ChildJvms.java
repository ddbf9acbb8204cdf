package dev.reprise.tools.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Child JVMs outlive their parent: while open, a bench stopped by Ctrl-C or SIGTERM stops the
 * benchmark, server and driver JVMs it started, instead of leaving them to run to their end.
 */
final class ChildJvms implements AutoCloseable {
    /** Set before the children are stopped, so a failure that the stop causes is never taken for a result. */
    private static volatile boolean stopping;

    private final Thread stopChildren = new Thread(ChildJvms::stopAll);

    private ChildJvms() {}

    /** Stops this process's children when it exits, until {@link #close}. */
    static ChildJvms stopOnExit() {
        ChildJvms c = new ChildJvms();
        Runtime.getRuntime().addShutdownHook(c.stopChildren);
        return c;
    }

    /** Whether this process is exiting and stopping its children: what a child did since says nothing. */
    static boolean stopping() {
        return stopping;
    }

    /**
     * SIGTERM to every child, again to any the still-running bench started meanwhile, for at most 10 s;
     * then SIGKILL to those left (a replay JVM lets its actors catch up before it exits).
     */
    private static void stopAll() {
        stopping = true;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<ProcessHandle> children = ProcessHandle.current().descendants().toList();
        while (!children.isEmpty() && System.nanoTime() < deadline) {
            children.forEach(ProcessHandle::destroy);
            for (ProcessHandle child : children) {
                long left = deadline - System.nanoTime();
                child.onExit()
                        .completeOnTimeout(child, Math.max(left, 0), TimeUnit.NANOSECONDS)
                        .join();
            }
            children = ProcessHandle.current().descendants().toList();
        }
        children.forEach(ProcessHandle::destroyForcibly);
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(stopChildren);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs now, as it should
        }
    }
}
