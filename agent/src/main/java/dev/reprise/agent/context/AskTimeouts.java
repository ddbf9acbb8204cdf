package dev.reprise.agent.context;

import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.health.AgentLog;

/**
 * An ask's timeout races with the reply: whichever completes the ask's promise first decides what
 * the asker sees, and a slow replay must not let the timeout win where the recording's reply did.
 * So a timeout that completes its ask is recorded, as a system call of its timer's pseudo-actor;
 * replay runs an ask's timeout only when the recording's completed the ask (or, past the end of
 * the recording with {@code end=live}, when it is due).
 */
public final class AskTimeouts {
    /** {@link AgentThread#askTimeout}: an ask's timeout runs on this thread. */
    static final byte RUNNING = 1;
    /** {@link AgentThread#askTimeout}: and it completed the ask's promise. */
    static final byte WON = 2;
    /** The recorded result of a timeout that completed its ask: nothing but the event itself. */
    public static final byte[] FIRED = new byte[0];
    /**
     * Ask timeouts running now, on any thread: every promise completion asks whether one of them
     * made it, and while none runs (nearly always) a volatile read answers without a thread lookup.
     */
    private static final java.util.concurrent.atomic.AtomicInteger running =
            new java.util.concurrent.atomic.AtomicInteger();

    private AskTimeouts() {}

    /** Runs the timeout {@code task} of an ask whose timer is {@code fires}; records it if it completed the ask. */
    static void run(Runnable task, Tag fires) {
        AgentThread t = AgentThread.current();
        t.askTimeout = RUNNING;
        running.incrementAndGet();
        try {
            task.run();
        } finally {
            running.decrementAndGet();
            boolean won = t.askTimeout == WON;
            t.askTimeout = 0;
            if (won) {
                recordWon(t, fires.resolver);
            }
        }
    }

    private static void recordWon(AgentThread t, long timer) {
        try {
            Agent.mode.askTimedOut(t, timer);
        } catch (Throwable e) {
            AgentLog.internalError("recording an ask timeout", e);
        }
    }

    /** A promise completion on this thread returned {@code completed}: if an ask's timeout made it, the timeout won. */
    static void completed(boolean completed) {
        if (!completed || running.get() == 0) {
            return;
        }
        AgentThread t = AgentThread.peek();
        if (t != null && t.askTimeout == RUNNING) {
            t.askTimeout = WON;
        }
    }
}
