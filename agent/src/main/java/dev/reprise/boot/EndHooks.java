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

    /**
     * Makes {@code h} follow the run's end; when another handler does already (the agent's copy in
     * another class loader), both do. Adding a handler twice changes nothing.
     */
    public static synchronized void add(Handler h) {
        Handler now = handler;
        handler = now == null ? h : now.has(h) ? now : new Both(now, h);
    }

    /** The agent's side. Implementations catch their own failures. */
    public abstract static class Handler {
        /** The program calls {@code System.exit(status)} (or {@code Runtime.exit}) now. */
        public abstract void exiting(int status);

        /** {@code thread} ends with {@code exception}, which nothing caught. */
        public abstract void uncaught(Thread thread, Throwable exception);

        boolean has(Handler h) {
            return this == h;
        }
    }

    /** Two handlers, each told. */
    private static final class Both extends Handler {
        private final Handler first;
        private final Handler then;

        Both(Handler first, Handler then) {
            this.first = first;
            this.then = then;
        }

        @Override
        boolean has(Handler h) {
            return first.has(h) || then.has(h);
        }

        @Override
        public void exiting(int status) {
            first.exiting(status);
            then.exiting(status);
        }

        @Override
        public void uncaught(Thread thread, Throwable exception) {
            first.uncaught(thread, exception);
            then.uncaught(thread, exception);
        }
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
