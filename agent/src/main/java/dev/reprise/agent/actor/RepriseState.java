package dev.reprise.agent.actor;

/**
 * Implemented, through a field the agent adds when the class loads, by the Akka and Scala classes
 * that carry Reprise state: actor refs and cells (their {@link AgentActor}), envelopes (their
 * {@link Tag}), Scala callbacks (their owner) and results (their resolver).
 */
public interface RepriseState {
    String FIELD = "reprise$state";

    Object reprise$state();

    void reprise$state(Object state);
}
