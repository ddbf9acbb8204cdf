package dev.reprise.api.spi;

/**
 * Where the agent installs its {@link Backend}. One per class loader that loaded the API; the
 * agent installs it before the application's main method runs.
 */
public final class Backends {
    private static volatile Backend installed = Backend.PASSTHROUGH;

    private Backends() {}

    /** The backend in use ({@link Backend#PASSTHROUGH} without the agent). */
    public static Backend current() {
        return installed;
    }

    /** Installs {@code backend}; returns the one it replaces. */
    public static Backend install(Backend backend) {
        if (backend == null) {
            throw new IllegalArgumentException("backend must not be null; install Backend.PASSTHROUGH to reset");
        }
        Backend old = installed;
        installed = backend;
        return old;
    }
}
