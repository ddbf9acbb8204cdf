package dev.reprise.boot;

/**
 * The bridge between the JDK and the agent for how a run ends, in the bootstrap class loader as
 * {@link SystemCallHooks} is: {@code Runtime.exit} (so {@code System.exit}) passes its status
 * through here, and {@code Thread.dispatchUncaughtException} the exception that ends a thread.
 * While no {@link Handler} is set, nothing happens; a handler never throws.
 */
public final class EndHooks {
    /** What the agent does with them; null until the agent is ready. */
    public static volatile Handler handler;

    private EndHooks() {}

    /** The agent's side. Implementations catch their own failures. */
    public abstract static class Handler {
        /** The program calls {@code System.exit(status)} (or {@code Runtime.exit}) now. */
        public abstract void exiting(int status);

        /** {@code thread} ends with {@code exception}, which nothing caught. */
        public abstract void uncaught(Thread thread, Throwable exception);
    }

    public static void exiting(int status) {
        Handler h = handler;
        if (h != null) {
            h.exiting(status);
        }
    }

    public static void uncaught(Thread thread, Throwable exception) {
        Handler h = handler;
        if (h != null) {
            h.uncaught(thread, exception);
        }
    }
}
