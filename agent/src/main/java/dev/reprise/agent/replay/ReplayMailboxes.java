package dev.reprise.agent.replay;

import akka.dispatch.MessageDispatcher;
import dev.reprise.trace.ExitCodes;

/** Replay mailboxes for every actor; what cannot be replayed is refused before the program goes on. */
public final class ReplayMailboxes {
    private ReplayMailboxes() {}

    public static Object replacing(Object mailboxType) {
        return ReplayMode.current().mailboxType();
    }

    /** A balancing dispatcher was made: the program is set up so that it cannot be replayed (not a divergence). */
    public static void refuseBalancing(Object dispatcher) {
        String id = ((MessageDispatcher) dispatcher).id();
        System.err.println("[reprise] cannot replay: dispatcher '" + id + "' is a balancing dispatcher (one mailbox "
                + "shared by several actors, e.g. a BalancingPool), whose order a trace cannot fix. Use a normal "
                + "dispatcher for it when recording and replaying.");
        System.err.flush();
        Runtime.getRuntime().halt(ExitCodes.USAGE);
    }
}
