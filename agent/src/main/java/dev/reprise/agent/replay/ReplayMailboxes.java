package dev.reprise.agent.replay;

import akka.dispatch.MessageDispatcher;
import dev.reprise.agent.Agent;
import dev.reprise.replay.Replay;
import dev.reprise.replay.ReplayMailboxType;

/** Replay mailboxes for every actor; what cannot be replayed is refused before the program goes on. */
public final class ReplayMailboxes {
    private static ReplayMailboxType type;

    private ReplayMailboxes() {}

    public static Object replacing(Object mailboxType) {
        if (type == null) {
            type = new ReplayMailboxType(Agent.replay);
        }
        return type;
    }

    public static void refuseBalancing(Object dispatcher) {
        String id = ((MessageDispatcher) dispatcher).id();
        System.err.println("[reprise] cannot replay: dispatcher '" + id + "' is a balancing dispatcher (one mailbox "
                + "shared by several actors, e.g. a BalancingPool), whose order a trace cannot fix. Use a normal "
                + "dispatcher for it when recording and replaying.");
        System.err.flush();
        Runtime.getRuntime().halt(Replay.DIVERGED);
    }
}
