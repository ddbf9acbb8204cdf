package dev.reprise.agent;

import dev.reprise.agent.context.Mode;

/**
 * The one static field of the agent's runtime: the advice inlined into Akka's and Scala's classes
 * can reach the agent only through a static, and this is it. Set once at start-up, before any
 * instrumented class runs; everything the agent keeps is owned by the mode
 * ({@link dev.reprise.agent.record.RecordMode} or {@link dev.reprise.agent.replay.ReplayMode}).
 */
public final class Agent {
    /**
     * What the hooks do: record or replay; null before the agent starts. Plain, not volatile: it is
     * written before the application's threads that read it start, and read on every message.
     */
    public static Mode mode;

    private Agent() {}
}
