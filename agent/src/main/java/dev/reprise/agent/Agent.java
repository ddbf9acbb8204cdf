package dev.reprise.agent;

import dev.reprise.agent.context.Mode;
import dev.reprise.runtime.Recorder;

/** The recording or the replay in progress, set once in premain before any instrumented class runs. */
public final class Agent {
    /** The recording, or null when replaying. */
    public static Recorder recorder;
    /** The replay, or null when recording. */
    public static dev.reprise.replay.Replay replay;
    /** What the hooks do: record or replay; null before the agent starts. */
    public static Mode mode;

    private Agent() {}
}
