package dev.reprise.agent.actor;

import dev.reprise.agent.context.OutsideContext;
import dev.reprise.runtime.ActorRecord;

/**
 * The agent's state for one actor (or pseudo-actor: an outside thread, a timer, an ask's temp
 * actor): its recorder state, which it is (one object per actor, so a turn's event reaches the
 * recorder's state without a load more: Akka programs with thousands of actors miss the cache
 * on each), and the tag its messages carry.
 */
public final class AgentActor extends ActorRecord {
    public final Tag sends;
    /** False for the one of Akka's actors whose input races inside Akka ({@link dev.reprise.agent.replay.InputOrder}). */
    public boolean recordsMessages = true;
    /** False for Akka's two actors whose input races inside Akka ({@link dev.reprise.agent.replay.InputOrder}). */
    public boolean recordsSystemMessages = true;
    /** Whether outside input to it is recorded with its content ({@link dev.reprise.agent.context.Envelopes#inputContentRecorded}). */
    public boolean inputContentRecorded = true;
    /** The outside contexts (threads, tasks, callbacks) its turns started, counted ({@link OutsideContext}); null until one is. */
    private OutsideContext.Starts starts;

    public AgentActor(long id) {
        super(id);
        this.sends = Tag.plain(id);
    }

    /** The counts of the outside contexts its turns started (only its turns, on one thread at a time, start them). */
    public OutsideContext.Starts starts() {
        if (starts == null) {
            starts = new OutsideContext.Starts();
        }
        return starts;
    }
}
