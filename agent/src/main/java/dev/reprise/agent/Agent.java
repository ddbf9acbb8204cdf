package dev.reprise.agent;

import dev.reprise.runtime.Recorder;

/** The recording in progress, set once in premain before any instrumented class runs. */
final class Agent {
    static Recorder recorder;
    static AgentOptions options;

    private Agent() {}
}
