package dev.reprise.agent.context;

import dev.reprise.agent.actor.Actors;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.replay.ReplayDivergence;

/**
 * Reads of another actor's state that bypass its mailbox, made by code whose course they decide:
 * {@code ActorRef.isTerminated}, which Akka's ask (classic and typed) checks before it makes its
 * temp actor, and a router before it picks a routee. The answer depends on how far the other actor
 * has run, which is chance; so in an actor's turn the answer is recorded as a system call of that
 * actor, and replay returns the recorded answer. An actor asking about itself, and Akka's own reads
 * that change nothing the program sees (the event stream's check of a subscriber it is about to
 * publish to: see {@code AkkaInternalCallsInstrumentation}), get the live answer; so, for now, do
 * threads, callbacks and timer tasks (an ask from {@code main} to an actor that stops meanwhile is
 * not covered yet).
 */
public final class ActorReads {
    static final String IS_TERMINATED = "ActorRef.isTerminated()";
    private static final byte[] TRUE = {1};
    private static final byte[] FALSE = {0};

    private ActorReads() {}

    /** {@code ref.isTerminated()} returned {@code live}: the answer the reading context gets. */
    public static boolean isTerminated(Object ref, boolean live) {
        try {
            AgentThread t = AgentThread.peek();
            if (t == null || t.hooked > 0 || t.current == null || t.callOwner() != t.current) {
                return live; // not an actor's own turn (a thread, a callback, the scheduler's periodic send)
            }
            if (Actors.ofRef((akka.actor.ActorRef) ref) == t.current) {
                return live; // its own state: decided by its own turns
            }
            byte[] answer = SystemCalls.recordOrReplay(t, IS_TERMINATED, live ? TRUE : FALSE);
            return answer != null && answer.length == 1 ? answer[0] != 0 : live;
        } catch (ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording ActorRef.isTerminated", e);
            return live;
        }
    }
}
