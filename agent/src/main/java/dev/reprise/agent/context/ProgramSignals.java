package dev.reprise.agent.context;

import dev.reprise.agent.Agent;
import dev.reprise.agent.health.AgentLog;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The signals that end a JVM through its shutdown hooks (SIGINT, SIGTERM, SIGHUP): the mode hears
 * of each ({@link Mode#signalled}) before the JVM's own handler runs as before, so the program's
 * shutdown hooks and exit status are unchanged. Recording, the signal is how the run ended; in
 * replay, it is the user stopping the program, or the replay ending the way its recording ended.
 */
public final class ProgramSignals {
    private static final String[] NAMES = {"INT", "TERM", "HUP"};

    private ProgramSignals() {}

    /** Installs the handlers; a signal the JVM does not let us watch ({@code -Xrs}) is said once and left alone. */
    public static void install() {
        for (String name : NAMES) {
            try {
                Signal signal = new Signal(name);
                SignalHandler[] previous = new SignalHandler[1];
                previous[0] = Signal.handle(signal, s -> {
                    tell(s);
                    passOn(previous[0], s);
                });
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                AgentLog.info("SIG" + name + " cannot be watched (" + e.getMessage()
                        + "): a run it ends is not said to have ended by it");
            }
        }
    }

    /** Raises {@code signal} (its number) in this JVM, as {@code kill} would; false if it has no name here. */
    public static boolean raise(int signal) {
        for (String name : NAMES) {
            Signal s = new Signal(name);
            if (s.getNumber() == signal) {
                Signal.raise(s);
                return true;
            }
        }
        return false;
    }

    private static void tell(Signal s) {
        try {
            Mode m = Agent.mode;
            if (m != null) {
                m.signalled("SIG" + s.getName(), s.getNumber());
            }
        } catch (Throwable e) {
            AgentLog.internalError("following a signal", e);
        }
    }

    /** What would have happened without this handler. */
    private static void passOn(SignalHandler previous, Signal s) {
        if (previous == SignalHandler.SIG_DFL) {
            System.exit(128 + s.getNumber()); // as the JVM's own handler does
        } else if (previous != SignalHandler.SIG_IGN) {
            previous.handle(s);
        }
    }
}
