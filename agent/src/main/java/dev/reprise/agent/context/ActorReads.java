package dev.reprise.agent.context;

import dev.reprise.agent.actor.Actors;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.replay.ReplayDivergence;

/**
 * {@code ActorRef.isTerminated}, read outside the other actor's mailbox: Akka's ask (classic and
 * typed) checks it before it makes its temp actor, and a router before it picks a routee. Answered
 * by {@link SharedReads}' rule. An actor asking about itself, and Akka's own reads that change
 * nothing the program sees (the event stream's check of a subscriber it is about to publish to: see
 * {@code AkkaInternalCallsInstrumentation}), get the live answer; so do threads, callbacks and timer
 * tasks (an ask from {@code main} to an actor that stops meanwhile is not covered yet).
 */
public final class ActorReads {
    static final String IS_TERMINATED = "ActorRef.isTerminated()";

    private ActorReads() {}

    /** {@code ref.isTerminated()} returned {@code live}: the answer the reading context gets. */
    public static boolean isTerminated(Object ref, boolean live) {
        try {
            AgentThread t = SharedReads.ownTurn();
            if (t == null || Actors.ofRef((akka.actor.ActorRef) ref) == t.current) {
                return live; // not an actor's own turn, or its own state: decided by its own turns
            }
            return SharedReads.answer(t, IS_TERMINATED, live);
        } catch (ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording ActorRef.isTerminated", e);
            return live;
        }
    }
}
