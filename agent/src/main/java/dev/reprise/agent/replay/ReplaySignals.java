package dev.reprise.agent.replay;

import dev.reprise.agent.health.AgentLog;
import dev.reprise.replay.Replay;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * In replay, Ctrl-C or SIGTERM is the user stopping the program, which its recording never saw.
 * The replay then ends at once and says how far it got ({@link Replay#stoppedBy}), where a program
 * that exits on its own first lets its actors replay the rest of their recorded events. The JVM's
 * own handler still runs after, so the program's shutdown hooks and exit status are unchanged.
 */
public final class ReplaySignals {
    private ReplaySignals() {}

    public static void install(Replay replay) {
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal signal = new Signal(name);
                SignalHandler[] previous = new SignalHandler[1];
                previous[0] = Signal.handle(signal, s -> {
                    replay.stoppedBy("SIG" + name);
                    passOn(previous[0], s);
                });
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // -Xrs, or a signal the OS keeps: a stopped replay then waits for its actors, as at any exit.
                AgentLog.info("SIG" + name + " cannot be watched (" + e.getMessage() + "): a replay stopped by it "
                        + "first waits for its actors to go quiet");
            }
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
